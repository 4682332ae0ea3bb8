import { decodeTrace, type ShotEvent } from "@habibka/shared";
import { useCallback, useEffect, useMemo } from "react";
import { base64ToBytes, buildAnimation, type ShotAnimation } from "../game/shot-animation.ts";
import { playEvents } from "../game/sound.ts";
import type { Playback, TableSession } from "../net/table-session.ts";
import type { PlaybackFrame } from "../table/TableCanvas.tsx";

/**
 * The running playback (a live shot or a replay) as a canvas frame source: its trace decoded once, its
 * events sounded as loud as the balls were fast, Escape to skip, and a record that cannot be animated
 * (no trace, a corrupt one) ended at once so the table shows the synced state.
 */
export function useShotPlayback(session: TableSession, playback: Playback | null) {
  const animation: ShotAnimation | null = useMemo(() => {
    const message = playback?.record.message;
    if (!playback?.record.before || !message?.trace) return null;
    try {
      return buildAnimation(
        playback.record.before,
        decodeTrace(base64ToBytes(message.trace)),
        message.events ?? [],
        message.duration ?? 0,
      );
    } catch {
      return null;
    }
  }, [playback]);

  const frame: PlaybackFrame | null = useMemo(
    () => (animation && playback ? { animation, startedAt: playback.startedAt, elapsed: playback.elapsed } : null),
    [animation, playback],
  );

  useEffect(() => {
    if (playback && !animation) session.endPlayback();
  }, [playback, animation, session]);

  useEffect(() => {
    if (!playback) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && session.endPlayback();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [playback, session]);

  const onEvents = useCallback(
    (events: ShotEvent[]) => {
      if (!animation) return;
      playEvents(events, (e) => {
        if (e.type === "collision") return Math.max(animation.speedBefore(e.a, e.t), animation.speedBefore(e.b, e.t));
        if (e.type === "strike") return animation.speedBefore(e.ball, e.t + 0.02);
        if (e.type === "cushion") return animation.speedBefore(e.ball, e.t);
        return 2;
      });
    },
    [animation],
  );

  return { frame, onEvents };
}

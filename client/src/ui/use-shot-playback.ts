import { decodeTrace, type ShotEvent } from "@habibka/shared";
import { useCallback, useEffect, useMemo } from "react";
import { base64ToBytes, buildAnimation, type ShotAnimation } from "../game/shot-animation.ts";
import { playEvents } from "../game/sound.ts";
import type { Playback } from "../net/shot-record.ts";
import type { PlaybackFrame } from "../table/TableCanvas.tsx";

/**
 * The running playback (a live shot or a replay) as a canvas frame source: its trace decoded once, its
 * events sounded as loud as the balls were fast, Escape to skip, and a record that cannot be animated
 * (no trace, a corrupt one) ended at once so the table shows the synced state. `end` ends the playback:
 * the live table's session, or the practice table's own state.
 */
export function useShotPlayback(playback: Playback | null, end: () => void) {
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
    if (playback && !animation) end();
  }, [playback, animation, end]);

  useEffect(() => {
    if (!playback) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && end();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [playback, end]);

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

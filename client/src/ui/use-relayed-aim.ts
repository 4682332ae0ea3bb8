import type { BallToDraw } from "@habibka/painter";
import { useMemo } from "react";
import { callMarks, guideLines } from "../game/guide-overlay.ts";
import { predictShot } from "../game/shot-guide.ts";
import type { SessionState } from "../net/session-state.ts";
import { EMPTY_OVERLAY, type Overlay } from "../table/draw-overlay.ts";

/**
 * The striker's aim as the server relays it, for the opponent and the spectators: his ball in hand where he
 * holds it, and his guide and call drawn in his colour. Null while this page composes or a shot plays, and
 * for an absent striker, whose last line is not his aim.
 */
export function useRelayedAim(state: SessionState, tableBalls: readonly BallToDraw[], watching: boolean) {
  const { snapshot } = state;
  const aimer = state.aim ? snapshot.players[state.aim.seat] : null;
  const aim = watching && state.aim && state.aim.seat === snapshot.toMove && aimer?.connected ? state.aim : null;
  const balls: readonly BallToDraw[] = useMemo(() => {
    if (!aim?.place) return tableBalls;
    const id = aim.stroke.cue;
    return [...tableBalls.filter((b) => b.id !== id), { id, ...aim.place }];
  }, [tableBalls, aim]);
  const lag = snapshot.phase === "lag";
  const overlay: Overlay | null = useMemo(() => {
    if (!aim) return null;
    const from = aim.place ?? tableBalls.find((b) => b.id === aim.stroke.cue) ?? null;
    if (!from) return null;
    const { angle, speed, offset } = aim.stroke;
    const guide = predictShot({ id: aim.stroke.cue, ...from }, { angle, speed, offset }, balls);
    const call = aim.call.map((c) => ({ ...c, wayFixed: true }));
    const position = (id: number) => balls.find((b) => b.id === id) ?? null;
    return {
      ...EMPTY_OVERLAY,
      guide: { ...guideLines(guide, lag), own: false },
      cue: from,
      calls: callMarks(call, guide, aim.stroke.cue, position),
    };
  }, [aim, tableBalls, balls, lag]);
  return { aim, balls, overlay };
}

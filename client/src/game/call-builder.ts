import type { PocketId } from "@habibka/shared/table";
import type { CalledBall, Way } from "../net/messages.ts";

/** At most two called balls (clause 8: a double call). */
export const MAX_CALLED = 2;

/**
 * Adds a called ball and pocket. Calling a ball again re-aims it at the new pocket; a third ball replaces
 * the oldest, so the call never breaks the protocol's limit.
 */
export function withCalled(call: readonly CalledBall[], ball: number, pocket: PocketId, way: Way): CalledBall[] {
  const others = call.filter((c) => c.ball !== ball);
  const next = [...others, { ball, pocket, way }];
  return next.slice(-MAX_CALLED);
}

export function withWay(call: readonly CalledBall[], ball: number, way: Way): CalledBall[] {
  return call.map((c) => (c.ball === ball ? { ...c, way } : c));
}

export function withoutCalled(call: readonly CalledBall[], ball: number): CalledBall[] {
  return call.filter((c) => c.ball !== ball);
}

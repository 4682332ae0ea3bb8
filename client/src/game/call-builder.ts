import type { PocketId } from "@habibka/shared/table";
import type { CalledBall, Way } from "../net/messages.ts";
import type { CallEntry } from "./call-way.ts";

/** At most two called balls (clause 8: a double call). */
const MAX_CALLED = 2;

/**
 * Adds a called ball and pocket, its way left to the guide. Calling a ball again re-aims it at the new
 * pocket; a third ball replaces the oldest, so the call never breaks the protocol's limit.
 */
export function withCalled(call: readonly CallEntry[], ball: number, pocket: PocketId): CallEntry[] {
  const others = call.filter((c) => c.ball !== ball);
  const next = [...others, { ball, pocket, way: "direct" as Way, wayFixed: false }];
  return next.slice(-MAX_CALLED);
}

/** The player sets the way himself: from now on it no longer follows the guide. */
export function withWay(call: readonly CallEntry[], ball: number, way: Way): CallEntry[] {
  return call.map((c) => (c.ball === ball ? { ...c, way, wayFixed: true } : c));
}

export function withoutCalled(call: readonly CallEntry[], ball: number): CallEntry[] {
  return call.filter((c) => c.ball !== ball);
}

/** The call as the protocol carries it. */
export function callMessage(call: readonly CallEntry[]): CalledBall[] {
  return call.map(({ ball, pocket, way }) => ({ ball, pocket, way }));
}

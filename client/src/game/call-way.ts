import { POCKETS, type PocketId } from "@habibka/shared/table";
import type { CalledBall, Way } from "../net/messages.ts";
import type { RunContact } from "./ball-run.ts";
import type { ShotGuide } from "./shot-guide.ts";

/**
 * The way of a call [прямо / дуплет] read off the guide's predicted path, as the rules will read the shot
 * (I8): a ball that touches a cushion not adjacent to the called pocket before it drops goes in off the
 * cushion (bank); touching only the pocket's own cushions and jaws is still direct.
 */

/** A call as the player composes it: the way follows the guide until the player sets it himself. */
export interface CallEntry extends CalledBall {
  readonly wayFixed: boolean;
}

/** The way on a path of contacts into `pocket`, or null when the path never drops into it. */
export function wayOnPath(contacts: readonly RunContact[], pocket: PocketId): Way | null {
  const adjacent: readonly string[] = POCKETS[pocket].adjacent;
  let bank = false;
  for (const c of contacts) {
    if (c.kind === "drop") return c.pocket === pocket ? (bank ? "bank" : "direct") : null;
    if (c.kind === "ball") return null;
    if (!adjacent.includes(c.cushion)) bank = true;
  }
  return null;
}

/** The contacts the guide predicts for a ball: the object ball it strikes, or the cue ball (свояк). */
function predictedContacts(guide: ShotGuide, ball: number, cue: number): readonly RunContact[] | null {
  if (guide.hit?.ball === ball) return guide.hit.path.contacts;
  if (ball !== cue) return null;
  // The cue ball's own path counts from the stroke: a cushion it touches before the impact is part of its way.
  const before = guide.cue.contacts.filter((c) => c.kind !== "ball");
  return [...before, ...(guide.hit?.cueAfter.contacts ?? [])];
}

/**
 * The way the guide suggests for a called ball. When its path does not reach the pocket (the aim is not
 * there yet), the first rail it heads for decides: one of the pocket's own cushions reads direct.
 */
export function suggestedWay(guide: ShotGuide | null, ball: number, cue: number, pocket: PocketId): Way {
  const contacts = guide ? predictedContacts(guide, ball, cue) : null;
  if (!contacts) return "direct";
  const way = wayOnPath(contacts, pocket);
  if (way) return way;
  const firstRail = contacts.find((c) => c.kind === "cushion");
  const adjacent: readonly string[] = POCKETS[pocket].adjacent;
  return firstRail?.kind === "cushion" && !adjacent.includes(firstRail.cushion) ? "bank" : "direct";
}

/** Every entry whose way the player has not set follows the guide. */
export function followGuide(call: readonly CallEntry[], guide: ShotGuide | null, cue: number): CallEntry[] {
  return call.map((c) => (c.wayFixed ? c : { ...c, way: suggestedWay(guide, c.ball, cue, c.pocket) }));
}

import type { ShotBroadcast } from "./messages.ts";
import type { BallView, TableSnapshot } from "./table-snapshot.ts";

/** A shot as this page keeps it: the message, the table it was played on, and how the match stood at it. */

/** Each seat's shelf, in the order its balls came, and debt, as they stood at a shot's stroke. */
export interface ShotSituation {
  readonly shelves: readonly [readonly number[], readonly number[]];
  readonly debts: readonly [number, number];
}

/**
 * A received shot, with the table as it was shown when it arrived (so it can be replayed exactly); null for
 * a shot read from the match record, which has no table to replay on. `situation` is the shelves and debts
 * at its stroke when this page saw the match before it (a shot received live), else null.
 */
export interface ShotRecord {
  readonly message: ShotBroadcast;
  readonly before: readonly BallView[] | null;
  readonly situation: ShotSituation | null;
}

export interface Playback {
  readonly record: ShotRecord;
  /** performance.now() when playback (re)started. */
  readonly startedAt: number;
  /** Milliseconds of the shot already gone at `startedAt`. */
  readonly elapsed: number;
  readonly replay: boolean;
}

/**
 * The shelves and debts at a shot's stroke: the synced state as it stands when the shot arrives, which the
 * server changes only after announcing the shot, unless it already shows the shot's result (a late joiner).
 */
export function situationAtStroke(live: TableSnapshot, message: ShotBroadcast): ShotSituation | null {
  const [first, second] = live.players;
  if (live.matchId !== message.matchId || live.shotNumber > message.number || !first || !second) return null;
  return { shelves: [first.shelf, second.shelf], debts: [first.debt, second.debt] };
}

/**
 * The balls a replay draws: the table at the stroke as the server sent it (the balls the trace does not move
 * stay there; the lag is played on an empty table, I21, so only its two balls). Null when it is unknown
 * (a record written before the server kept it): such a shot is listed but not replayed.
 */
export function tableAtStroke(message: ShotBroadcast): readonly BallView[] | null {
  if (message.before.length === 0 && message.kind !== "clock") return null;
  return message.before.map((b) => ({ id: b.id, x: b.x, y: b.y, onTable: true }));
}

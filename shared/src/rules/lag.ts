import type { ShotEvent } from "../shot/shot-events.ts";
import type { BallPosition } from "../table/balls.ts";
import { HALF_LENGTH } from "../table/dimensions.ts";
import { isInHouse } from "../table/regions.ts";
import type { Pair, PlayerIndex } from "./position.ts";
import { fail, ok, type Result } from "./result.ts";
import { cushionContacts, droppedBall, haveTouched, offTableBalls, readShotLog } from "./shot-queries.ts";

/**
 * The lag [раскат] (clause 5, I21). Both players shoot a ball from the house, one on each side of the long
 * axis, to the foot cushion and back; the caller simulates the two shots together (as if struck at the same
 * moment) and passes one combined log. The ball resting nearest the head cushion wins.
 */
export interface LagInput {
  /** The ball each player shot: `balls[0]` is player 0's. */
  readonly balls: Pair<number>;
  /** Where the two balls started (in the house, on opposite sides of y = 0). */
  readonly start: readonly BallPosition[];
  readonly events: readonly ShotEvent[];
  readonly rest: readonly BallPosition[];
}

export type LagLoss =
  | "missed-foot-cushion"
  | "crossed-half"
  | "long-cushion"
  | "touched-other-ball"
  | "pocketed"
  | "off-table";

export interface LagOutcome {
  /** Why each player's ball lost (empty when it did not). */
  readonly losses: Pair<readonly LagLoss[]>;
  /** Distance of each resting ball's centre from the head cushion, metres (null if it left the table). */
  readonly distances: Pair<number | null>;
  /** Null when the lag is replayed: both lost, or a tie within `LAG_TIE`. */
  readonly winner: PlayerIndex | null;
}

/** Two balls this close to the head cushion's distance are a tie (I21). */
export const LAG_TIE = 0.001;

const LONG_CUSHIONS = new Set(["LH", "LF", "RH", "RF"]);

export type LagErrorCode =
  | "lag-invalid"
  | "lag-not-in-house"
  | "lag-wrong-side"
  | "lag-already-sent"
  | "lag-result-missing"
  | "lag-result-unexpected";

function lossesOf(input: LagInput, player: PlayerIndex, side: number): LagLoss[] {
  const ball = input.balls[player];
  const other = input.balls[player === 0 ? 1 : 0];
  const log = readShotLog(input.events, ball);
  const cushions = cushionContacts(log, ball);
  const rest = input.rest.find((b) => b.id === ball);
  const losses: LagLoss[] = [];
  if (!cushions.some((c) => c.event.cushion === "F")) losses.push("missed-foot-cushion");
  // The physics logs every crossing of the long axis; the start side is checked too, for a log written by hand.
  const crossed = input.events.some((e) => e.type === "long-axis" && e.ball === ball);
  if (crossed || (rest !== undefined && rest.y * side < 0)) losses.push("crossed-half");
  if (cushions.some((c) => LONG_CUSHIONS.has(c.event.cushion))) losses.push("long-cushion");
  if (haveTouched(log, ball, other)) losses.push("touched-other-ball");
  if (droppedBall(log, ball)) losses.push("pocketed");
  if (offTableBalls(log).some((o) => o.ball === ball)) losses.push("off-table");
  return losses;
}

/** Who won the lag from the two balls' combined log, and why each ball that lost did. */
export function judgeLag(input: LagInput): Result<LagOutcome, LagErrorCode> {
  const [a, b] = input.balls;
  const startA = input.start.find((p) => p.id === a);
  const startB = input.start.find((p) => p.id === b);
  if (a === b || !startA || !startB) {
    return fail(
      "lag-invalid",
      "The lag needs two different balls with their start positions.",
      "Для раската нужны два разных шара и их начальные позиции.",
      "balls",
    );
  }
  if (!isInHouse(startA) || !isInHouse(startB)) {
    return fail(
      "lag-invalid",
      "Both lag balls start in the house (I21).",
      "Оба шара раската ставятся в доме.",
      "start",
    );
  }
  if (startA.y * startB.y >= 0) {
    return fail(
      "lag-invalid",
      "The lag balls start on opposite sides of the long axis (I21).",
      "Шары раската ставятся по разные стороны от продольной оси стола.",
      "start",
    );
  }
  const losses: Pair<LagLoss[]> = [lossesOf(input, 0, Math.sign(startA.y)), lossesOf(input, 1, Math.sign(startB.y))];
  const distance = (id: number) => {
    const r = input.rest.find((p) => p.id === id);
    return r ? r.x + HALF_LENGTH : null;
  };
  const distances: Pair<number | null> = [distance(a), distance(b)];
  const [lostA, lostB] = [losses[0].length > 0, losses[1].length > 0];
  let winner: PlayerIndex | null = null;
  if (lostA && !lostB) winner = 1;
  else if (lostB && !lostA) winner = 0;
  else if (!lostA && !lostB && distances[0] !== null && distances[1] !== null) {
    const gap = distances[0] - distances[1];
    if (Math.abs(gap) > LAG_TIE) winner = gap < 0 ? 0 : 1;
  }
  return ok({ losses, distances, winner });
}

import { type BallPosition, COLOURED_BALL, isBallId } from "../table/balls.ts";
import { isPocketId, POCKETS, type PocketId } from "../table/pockets.ts";
import { isOnTable } from "./position.ts";
import { fail, ok, type Result } from "./result.ts";
import { droppedBall, type ShotLog, segmentsTouched } from "./shot-queries.ts";

/**
 * The call [заказ] (clauses 6–8, I8): which ball, into which pocket, and how. `direct` means the ball
 * touches no cushion segment that is not adjacent to the called pocket before it drops; `bank` [дуплет]
 * means it touches at least one such segment. The two ways cover every path.
 */
export type Way = "direct" | "bank";

export interface CalledBall {
  readonly ball: number;
  readonly pocket: PocketId;
  readonly way: Way;
}

/** Zero, one or two called balls (clause 8: a double call). */
export type Call = readonly CalledBall[];

export const MAX_CALLED_BALLS = 2;

export type CallErrorCode =
  | "call-not-a-list"
  | "call-too-many"
  | "call-unknown-ball"
  | "call-ball-not-on-table"
  | "call-same-ball-twice"
  | "call-unknown-pocket"
  | "call-unknown-way"
  | "call-coloured-outside-last-ball";

export interface CallContext {
  /** The table at the stroke (for the opening shot: with the cue ball already placed in the house). */
  readonly table: readonly BallPosition[];
  /** Last-ball play: only then may the coloured ball be called (clause 12). */
  readonly lastBall: boolean;
}

/**
 * Checks a call against the table. A bad call is refused before the shot with the exact reason, so a
 * player never loses a shot to a typo.
 */
export function validateCall(call: readonly unknown[], context: CallContext): Result<Call, CallErrorCode> {
  // The type says array, but calls arrive from the network and from scenario files: check anyway.
  if (!Array.isArray(call)) {
    return fail("call-not-a-list", "A call is a list of called balls.", "Заказ — это список заказанных шаров.", "call");
  }
  if (call.length > MAX_CALLED_BALLS) {
    return fail(
      "call-too-many",
      `At most two balls may be called (clause 8); the call names ${call.length}.`,
      `Заказать можно не больше двух шаров (п. 8); в заказе ${call.length}.`,
      "call",
    );
  }
  const checked: CalledBall[] = [];
  for (const [i, raw] of call.entries()) {
    const entry = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
    const { ball, pocket, way } = entry;
    if (!isBallId(ball)) {
      return fail(
        "call-unknown-ball",
        `Called ball ${String(ball)} is not a ball id (0–15).`,
        `Заказан несуществующий шар ${String(ball)} (номера 0–15).`,
        `call[${i}].ball`,
      );
    }
    if (!isOnTable(context.table, ball)) {
      return fail(
        "call-ball-not-on-table",
        `Ball ${ball} is not on the table and cannot be called.`,
        `Шара ${ball} нет на столе, его нельзя заказать.`,
        `call[${i}].ball`,
      );
    }
    if (checked.some((c) => c.ball === ball)) {
      return fail(
        "call-same-ball-twice",
        `Ball ${ball} is called twice; a double call names two different balls (clause 8).`,
        `Шар ${ball} заказан дважды; двойной заказ — это два разных шара (п. 8).`,
        `call[${i}].ball`,
      );
    }
    if (ball === COLOURED_BALL && !context.lastBall) {
      return fail(
        "call-coloured-outside-last-ball",
        "The coloured ball may be called only in last-ball play (clause 12); touching it now is a foul (clause 10).",
        "Цветной шар можно заказывать только при игре в последнем шаре (п. 12); сейчас его касание — штраф (п. 10).",
        `call[${i}].ball`,
      );
    }
    if (!isPocketId(pocket)) {
      return fail(
        "call-unknown-pocket",
        `Unknown pocket ${String(pocket)}; pockets are HL, HR, ML, MR, FL, FR.`,
        `Неизвестная луза ${String(pocket)}; лузы: HL, HR, ML, MR, FL, FR.`,
        `call[${i}].pocket`,
      );
    }
    if (way !== "direct" && way !== "bank") {
      return fail(
        "call-unknown-way",
        `Unknown way ${String(way)}; a ball is called "direct" or "bank".`,
        `Неизвестный способ ${String(way)}; заказывают «прямо» (direct) или «дуплетом» (bank).`,
        `call[${i}].way`,
      );
    }
    checked.push({ ball, pocket, way });
  }
  return ok(checked);
}

/**
 * How a dropped ball actually went in (I8): `bank` if before dropping it touched a segment not adjacent
 * to `pocket` (contacts before the first collision count too), otherwise `direct`.
 */
export function wayTaken(log: ShotLog, ball: number, pocket: PocketId, droppedAt: number): Way {
  const adjacent: readonly string[] = POCKETS[pocket].adjacent;
  for (const segment of segmentsTouched(log, ball, -1, droppedAt)) {
    if (!adjacent.includes(segment)) return "bank";
  }
  return "direct";
}

/** The called ball dropped into the called pocket by the called way (clause 6). */
export function isCalledBallPocketed(log: ShotLog, called: CalledBall): boolean {
  const drop = droppedBall(log, called.ball);
  return (
    drop !== undefined &&
    drop.pocket === called.pocket &&
    wayTaken(log, drop.ball, drop.pocket, drop.index) === called.way
  );
}

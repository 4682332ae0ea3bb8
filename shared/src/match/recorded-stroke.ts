import type { CalledBall } from "../rules/call.ts";
import type { Pair, PlayerIndex } from "../rules/position.ts";
import { fail, ok } from "../rules/result.ts";
import type { ShotVerdict } from "../rules/verdict-types.ts";
import { explainVerdict } from "../rules/verdict-words/index.ts";
import type { ShotEvent } from "../shot/shot-events.ts";
import type { Stroke, TipOffset } from "../shot/stroke.ts";
import { traceStarts } from "../shot/trace-codec.ts";
import type { BallPosition } from "../table/balls.ts";
import type { Point } from "../table/marks.ts";
import type { MatchAction } from "./actions.ts";
import { lagPair, lagStrokes } from "./lag.ts";
import { explainLag, type LagVerdict } from "./lag-verdict.ts";
import type { LagShot, MatchState } from "./match-state.ts";
import { clockStroke, setUpShot } from "./shot.ts";
import type { MatchResult, Transition } from "./transition.ts";

/**
 * A stroke in the record keeps only what neither its action nor the fold gives back: the action holds the
 * request and the physics' events, and the fold judges the verdict. The viewer's whole stroke is rebuilt here,
 * by the same code at the live table (what it announces) and for a record read later (what the pages show),
 * so the two cannot differ.
 */

export type StrokeKind = "shot" | "lag" | "clock";

/** A stroke as the record keeps it, beside the action that played it. */
export interface RecordedStroke {
  readonly kind: StrokeKind;
  readonly number: number;
  /** The seat that played it: -1 for the lag, which both play. */
  readonly seat: PlayerIndex | -1;
  /** The table at the stroke (the opening's ball in hand placed; the two lag balls for the lag). */
  readonly before: readonly BallPosition[];
  /** The trace in the compact binary form of shared/src/shot/trace-codec.ts. */
  readonly trace: Uint8Array;
  /** Seconds of animation: until the last visible movement (the trace itself runs to the end). */
  readonly duration: number;
}

/** A shot's request as the player sent it (the protocol's `shot` message). */
export interface ShotStrokeRequest {
  readonly shotNumber: number;
  readonly stroke: Stroke & { readonly offset: TipOffset };
  readonly call?: readonly CalledBall[];
  readonly place?: Point;
}

/** What the stroke was asked as, by kind: a shot's message, both lag shots, or the clock that ran out. */
export type StrokeRequest = ShotStrokeRequest | { readonly lags: Pair<LagShot> } | { readonly clock: "expired" };

/** What the fold gives of a stroke, by kind: the request, typed as the table took it, and the verdict. */
type ByKind =
  | { readonly kind: "shot"; readonly request: ShotStrokeRequest; readonly verdict: ShotVerdict }
  | { readonly kind: "lag"; readonly request: { readonly lags: Pair<LagShot> }; readonly verdict: LagVerdict }
  | { readonly kind: "clock"; readonly request: { readonly clock: "expired" }; readonly verdict: ShotVerdict };

/** What the fold says about the stroke an action played: everything but the trace and its duration. */
type StrokeFacts = ByKind & {
  readonly number: number;
  readonly seat: PlayerIndex | -1;
  readonly before: readonly BallPosition[];
  readonly events: readonly ShotEvent[];
};

/** A stroke as the table announces it and a viewer shows it: the record's part with what the fold gives. */
export type PlayedStroke = StrokeFacts & { readonly trace: Uint8Array; readonly duration: number };

/** The part of a played stroke the record keeps. */
export function recordedPart(played: RecordedStroke): RecordedStroke {
  const { kind, number, seat, before, trace, duration } = played;
  return { kind, number, seat, before, trace, duration };
}

function corrupt(message: string): MatchResult<never> {
  return fail("record-corrupt", message, "Запись повреждена.", "played");
}

/** The stroke an accepted action played, from the match before it and the transition it made; null if none. */
function foldedStroke(
  before: MatchState,
  action: MatchAction,
  transition: Transition,
): MatchResult<StrokeFacts> | null {
  const number = before.shotNumber;
  if (action.type === "shot" && transition.verdict) {
    const setup = setUpShot(before, action);
    if (!setup.ok) return setup;
    const { shot, stroke, call, place } = action;
    // The message's tip offset defaults to the centre (the protocol's `shot`), so a stroke always has one.
    const aimed = { ...stroke, offset: stroke.offset ?? CENTRE };
    const request: ShotStrokeRequest = { shotNumber: shot, stroke: aimed, call, ...(place ? { place } : {}) };
    const { events } = action.result;
    return ok({
      kind: "shot",
      number,
      seat: action.player,
      request,
      before: setup.value.table,
      events,
      verdict: transition.verdict,
    });
  }
  if (action.type === "clock" && transition.verdict) {
    const stroke = clockStroke(before);
    if (!stroke) return corrupt("a run-out clock with no ball to play");
    const setup = setUpShot(before, stroke.request);
    if (!setup.ok) return setup;
    const { events } = stroke.result;
    const seat = before.player;
    const { verdict } = transition;
    // Worded as the clock's shot, so that its explanation opens, as the table does, with the clock.
    const explanation = explainVerdict({ kind: "clock", seat, verdict, events });
    return ok({
      kind: "clock",
      number,
      seat,
      request: { clock: "expired" },
      before: setup.value.table,
      events,
      verdict: { ...verdict, explanation },
    });
  }
  if (action.type === "lag" && action.result && transition.lag) {
    const lags = lagPair(before, action);
    if (!lags) return corrupt("a judged lag without both shots");
    const { lag } = transition;
    return ok({
      kind: "lag",
      number,
      seat: -1,
      request: { lags },
      before: lagStrokes(lags).start,
      events: action.result.events,
      verdict: { ...lag, explanation: explainLag(lag) },
    });
  }
  return null;
}

const CENTRE: TipOffset = { x: 0, y: 0 };

/** A trace's sample this far from where the fold has its ball at the stroke is not this stroke's trace. */
const TRACE_START_TOLERANCE = 1e-3;

/** The trace moves the balls of the table at the stroke, each from where that table has it. */
function checkTrace(trace: Uint8Array, before: readonly BallPosition[]): string | null {
  let balls: ReturnType<typeof traceStarts>;
  try {
    balls = traceStarts(trace);
  } catch (cause) {
    return `its trace does not decode (${(cause as Error).message})`;
  }
  for (const ball of balls) {
    const at = before.find((b) => b.id === ball.id);
    if (!at) return `its trace moves ball ${ball.id}, which is not on the table at the stroke`;
    const first = ball.points[0];
    if (first && Math.hypot(first[1] - at.x, first[2] - at.y) > TRACE_START_TOLERANCE) {
      return `its trace starts ball ${ball.id} away from where the table has it`;
    }
  }
  return null;
}

function sameTable(a: readonly BallPosition[], b: readonly BallPosition[]): boolean {
  return (
    a.length === b.length && a.every((ball, i) => ball.id === b[i]!.id && ball.x === b[i]!.x && ball.y === b[i]!.y)
  );
}

/**
 * The whole stroke an action played, as the fold gives it with what the record kept. A recorded stroke that
 * disagrees with the fold (another kind, number, seat or table, a trace that is not of this table), or a
 * stroke recorded for an action that played none, is a corrupt record: the error says which.
 */
export function playedStroke(
  before: MatchState,
  action: MatchAction,
  transition: Transition,
  recorded: RecordedStroke,
): MatchResult<PlayedStroke> {
  const folded = foldedStroke(before, action, transition);
  if (folded === null)
    return corrupt(`a ${recorded.kind} stroke is recorded for a ${action.type} action, which plays none`);
  if (!folded.ok) return folded;
  const stroke = folded.value;
  const facts = (["kind", "number", "seat"] as const).find((key) => recorded[key] !== stroke[key]);
  if (facts) {
    return corrupt(`the recorded stroke's ${facts} is ${String(recorded[facts])}, the fold's ${String(stroke[facts])}`);
  }
  if (!sameTable(recorded.before, stroke.before)) {
    return corrupt(`the recorded table before stroke ${stroke.number} is not the one the fold has`);
  }
  const trace = checkTrace(recorded.trace, stroke.before);
  if (trace) return corrupt(`stroke ${stroke.number}: ${trace}`);
  return ok({ ...stroke, trace: recorded.trace, duration: recorded.duration });
}

import type { CushionId } from "../table/cushions.ts";
import type { PocketId } from "../table/pockets.ts";

/**
 * The ordered record of one shot, written by the physics and read by the rules (the rules read the event log,
 * never the physics engine, so a rule can be tested with a hand-written log: docs/RULES.md). Times are
 * seconds from the stroke; the log is in time order, and events with equal times keep the order in which they
 * were appended (I23, docs/rules/interpretation.md).
 *
 * The field names of the contract (docs/rules/sim-cli.md) are kept; the extra fields (positions
 * at the moment of the event) let clause 3f be judged from the log alone.
 */
export type ShotEvent =
  | StrikeEvent
  | CollisionEvent
  | CushionEvent
  | CentreLineEvent
  | LongAxisEvent
  | PocketEvent
  | OffTableEvent
  | InMouthEvent;

export interface StrikeEvent {
  readonly t: number;
  readonly type: "strike";
  readonly ball: number;
}

/** Ball–ball contact; symmetric (I23): either ball may have struck the other. */
export interface CollisionEvent {
  readonly t: number;
  readonly type: "collision";
  readonly a: number;
  readonly b: number;
  /** Centres of `a` and `b` at the moment of contact, metres. */
  readonly ax: number;
  readonly ay: number;
  readonly bx: number;
  readonly by: number;
}

export interface CushionEvent {
  readonly t: number;
  readonly type: "cushion";
  readonly ball: number;
  readonly cushion: CushionId;
  /** Present when the contact was with a jaw nose of this pocket (the jaw belongs to `cushion`, I5). */
  readonly jaw?: PocketId;
  /** Centre of the ball at the contact. */
  readonly x: number;
  readonly y: number;
}

export interface CentreLineEvent {
  readonly t: number;
  readonly type: "centre-line";
  readonly ball: number;
  /** The half the ball's centre left: -1 head half, +1 foot half (I4). */
  readonly from: -1 | 1;
}

/**
 * The ball's centre crossed the long axis y = 0 (an addition to the contract's event types, which allows
 * more): the lag's "crosses into the other player's half" (I21) is read from it.
 */
export interface LongAxisEvent {
  readonly t: number;
  readonly type: "long-axis";
  readonly ball: number;
  /** The side the ball's centre left: -1 right (y < 0), +1 left (y > 0). */
  readonly from: -1 | 1;
}

export interface PocketEvent {
  readonly t: number;
  readonly type: "pocket";
  readonly ball: number;
  readonly pocket: PocketId;
}

export interface OffTableEvent {
  readonly t: number;
  readonly type: "off-table";
  readonly ball: number;
}

/** Appended after the last ball stops, for each ball at rest across a pocket's mouth line (I6). */
export interface InMouthEvent {
  readonly t: number;
  readonly type: "in-mouth";
  readonly ball: number;
  readonly pocket: PocketId;
  /** Whether the ball moved in this shot (I6 applies only to a ball that moved); absent means unknown. */
  readonly moved?: boolean;
}

export type ShotEventType = ShotEvent["type"];

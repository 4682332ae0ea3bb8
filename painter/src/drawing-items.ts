import type { ShotEvent } from "@habibka/shared";
import type { CalledBall, SafetyCondition, ShotVerdict } from "@habibka/shared/rules";
import type { BallPosition, PocketId, Point } from "@habibka/shared/table";

/**
 * The verdict's drawing as data: what goes in (a shot's events, verdict and tables) and the items that come
 * out, each a thing to draw where it happened. verdict-drawing.ts makes them; draw-verdict.ts paints them.
 */

/** The fields of a shot's verdict the drawing reads (a record from an earlier version may lack the newer ones). */
export type DrawnVerdict = Pick<ShotVerdict, "foul" | "reasons" | "safety" | "spotted" | "drops"> &
  Partial<Pick<ShotVerdict, "penaltyBall" | "paidDebt" | "coloured" | "lastBall" | "cue">>;

export interface VerdictDrawingInput {
  readonly events: readonly ShotEvent[];
  readonly verdict: DrawnVerdict;
  /** The ball struck with the cue. */
  readonly cue: number;
  readonly call: readonly CalledBall[];
  /** The table at the stroke. */
  readonly before: readonly BallPosition[];
  /** Where the physics left the balls (the trace's last points); improves the last leg of each path. */
  readonly rest?: readonly BallPosition[];
  /** The table for the next shot (spotted balls placed); without it spotted balls are drawn where they left. */
  readonly after?: readonly BallPosition[];
}

interface Base {
  /** Seconds from the stroke when it happened; null for what the rules did after the balls stopped. */
  readonly t: number | null;
  /** The clause it bears on ("3", "3c", "6", "17", …). */
  readonly clause: string;
  /** Part of the chain of events that satisfied the safety rule. */
  readonly proof: boolean;
  /** The event it marks, as its index in the shot's ordered log (readShotLog); null for what the rules did. */
  readonly event: number | null;
}

export type DrawingItem =
  | (Base & { readonly kind: "first-contact"; readonly at: Point; readonly cue: number; readonly ball: number })
  | (Base & { readonly kind: "miss"; readonly at: Point; readonly cue: number })
  /** A later collision that is a link of the safety chain (clause 3d, 3f, 3h, 3i: "struck another ball"). */
  | (Base & { readonly kind: "contact"; readonly at: Point; readonly a: number; readonly b: number })
  | (Base & {
      readonly kind: "cushion";
      readonly at: Point;
      readonly ball: number;
      /** 1 for the ball's first cushion, 2 for its second … */
      readonly order: number;
      readonly cushion: string;
      readonly jaw: PocketId | null;
    })
  | (Base & { readonly kind: "centre-line"; readonly at: Point; readonly ball: number })
  | (Base & {
      readonly kind: "called-path";
      readonly ball: number;
      readonly pocket: PocketId;
      readonly way: "direct" | "bank";
      readonly points: readonly Point[];
      /** It dropped as called, dropped elsewhere or another way, or did not drop. */
      readonly outcome: "as-called" | "not-as-called" | "missed";
    })
  | (Base & { readonly kind: "drop"; readonly at: Point; readonly ball: number; readonly pocket: PocketId })
  | (Base & { readonly kind: "coloured-touched"; readonly at: Point; readonly by: number })
  | (Base & { readonly kind: "in-mouth"; readonly at: Point; readonly ball: number; readonly pocket: PocketId })
  | (Base & { readonly kind: "off-table"; readonly at: Point; readonly ball: number })
  | (Base & {
      readonly kind: "spotted";
      readonly ball: number;
      /** Where it left play; null for a ball taken from the shelf (the penalty, clause 15). */
      readonly from: Point | null;
      readonly to: Point | null;
      readonly why: "foot" | "penalty" | "debt" | "coloured" | "returned";
    })
  | (Base & { readonly kind: "safety-chain"; readonly condition: SafetyCondition; readonly points: readonly Point[] });

export type DrawingKind = DrawingItem["kind"];

export interface VerdictDrawing {
  readonly items: readonly DrawingItem[];
  /** How clause 3 went: met by a condition (its items are `proof`), missed (a foul), or not in play. */
  readonly safety: { readonly met: true; readonly condition: SafetyCondition } | { readonly met: false } | null;
}

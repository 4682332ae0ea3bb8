import type { ComputerLevel } from "../match/opponent.ts";
import type { ShotVerdict } from "../rules/verdict-types.ts";
import type { ShotEvent } from "../shot/shot-events.ts";
import type { BallPosition } from "../table/balls.ts";
import type { CalledBall, PointMessage, StrokeMessage } from "./client-messages.ts";

/**
 * The practice table's HTTP answers (docs/PROTOCOL.md, "The practice table"), as types only. Its requests are
 * the simulator's scenario and the `advise` command's position (docs/rules/sim-cli.md, docs/rules/advise-cli.md),
 * checked by their own schemas (`@habibka/shared/sim`).
 */

/** A practice position: the simulator's `balls` and `match`, with each shelf as its balls in the order they came. */
export interface PracticePosition {
  readonly balls: readonly BallPosition[];
  readonly match: {
    readonly shelf: readonly [readonly number[], readonly number[]];
    readonly debt: readonly [number, number];
    readonly opening: boolean;
  };
}

/** A practice shot as the table's `shot` message carries one: the striker is player 0, the verdict the rules'. */
export interface PracticeShot {
  readonly kind: "shot";
  readonly seat: 0;
  readonly request: { readonly stroke: StrokeMessage; readonly call: readonly CalledBall[] };
  /** The table at the stroke. */
  readonly before: readonly BallPosition[];
  readonly events: readonly ShotEvent[];
  /** Base64 of the binary trace (shared/src/shot/trace-codec.ts). */
  readonly trace: string;
  /** Seconds of animation, until what still moves can no longer be seen. */
  readonly duration: number;
  readonly verdict: ShotVerdict;
}

/** `POST /api/practice/shot`: the shot played and judged, and the position it leaves for the next one. */
export interface PracticeShotAnswer {
  readonly shot: PracticeShot;
  readonly position: PracticePosition;
}

/** What the computer meant the hinted shot to be (docs/COMPUTER.md, "kind"). */
export type PracticeHintKind = "pot" | "safety" | "forced";

/** `POST /api/practice/hint`: the shot the computer would choose here, before its own execution error. */
export interface PracticeHint {
  readonly level: ComputerLevel;
  readonly stroke: StrokeMessage;
  readonly call: readonly CalledBall[];
  /** For the opening shot: where the ball in hand goes in the house; otherwise null. */
  readonly place: PointMessage | null;
  readonly kind: PracticeHintKind;
  /** The computer's estimate that the call scores, played with its level's execution error (0 without a call). */
  readonly expected: { readonly success: number };
}

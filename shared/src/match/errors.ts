import type { CallErrorCode } from "../rules/call.ts";
import type { LagErrorCode } from "../rules/lag.ts";
import type { StrokeErrorCode } from "../rules/stroke.ts";

/** Every way a request can be refused; the state is then unchanged. */
export type MatchErrorCode =
  | "not-a-player"
  | "unknown-action"
  | "match-over"
  | "wrong-phase"
  | "not-your-turn"
  | "stale-shot"
  | "cue-ball-not-on-table"
  | "cue-not-in-hand"
  | "place-required"
  | "place-not-allowed"
  | "opening-cue-not-in-house"
  | "placement-overlaps"
  | "draw-invalid"
  | "no-offer"
  | "offer-taken"
  | "no-cue-ball"
  | "seat-taken"
  | "seat-empty"
  | "sit-invalid"
  | "rematch-already-asked"
  | "record-format"
  | "record-corrupt"
  | LagErrorCode
  | StrokeErrorCode
  | CallErrorCode;

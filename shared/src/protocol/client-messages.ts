import { z } from "zod";
import type { CalledBall } from "../rules/call.ts";
import { MAX_SHOT_NUMBER } from "../shot/shot-number.ts";
import { MAX_STROKE_SPEED, MAX_TIP_OFFSET } from "../shot/stroke.ts";
import { POCKET_IDS } from "../table/pockets.ts";
import { ChatText } from "./text-schemas.ts";

/**
 * Messages a client sends to a table (docs/PROTOCOL.md). Shapes and ranges are checked here, with the
 * same schemas on both sides; whether a well-formed message is allowed now is the match flow's answer.
 * Numbers are bounded so that absurd values are refused before they reach the physics.
 */

const finite = z.number().finite();
export const BallId = z.number().int().min(0).max(15);
export const Point = z.object({ x: finite.min(-2).max(2), y: finite.min(-1).max(1) });

// `satisfies` keeps the schema and the rules' CalledBall in step: what the schema reads is a call the rules take.
export const CalledBallMessage = z.object({
  ball: BallId,
  pocket: z.enum(POCKET_IDS),
  way: z.enum(["direct", "bank"]),
}) satisfies z.ZodType<CalledBall>;

export type { CalledBall, Way } from "../rules/call.ts";

export const StrokeMessage = z.object({
  cue: BallId,
  /** Degrees counter-clockwise from +x. */
  angle: finite.min(-360).max(720),
  /** Cue ball speed, m/s. */
  speed: finite.gt(0).max(MAX_STROKE_SPEED),
  /**
   * Tip offset as fractions of the radius (x right, y up). Each axis is bounded here; the distance from the
   * centre is the rules' check (`validateStroke`), which answers with its own code.
   */
  offset: z
    .object({ x: finite.min(-MAX_TIP_OFFSET).max(MAX_TIP_OFFSET), y: finite.min(-MAX_TIP_OFFSET).max(MAX_TIP_OFFSET) })
    .default({ x: 0, y: 0 }),
});

export type StrokeMessage = z.infer<typeof StrokeMessage>;
export type PointMessage = z.infer<typeof Point>;

export const ShotMessage = z.object({
  /** The shot number this request was made for; a stale one is refused. */
  shotNumber: z.number().int().min(0).max(MAX_SHOT_NUMBER),
  stroke: StrokeMessage,
  call: z.array(CalledBallMessage).max(2).default([]),
  /** Opening shot only: where the cue ball is placed in the house. */
  place: Point.optional(),
});
export type ShotMessage = z.infer<typeof ShotMessage>;

/** A lag shot (I21): the player's ball in the house on his side of the long axis, sent up the table. */
export const LagMessage = z.object({
  place: Point,
  angle: finite.min(-360).max(720),
  speed: finite.gt(0).max(MAX_STROKE_SPEED),
});
export type LagMessage = z.infer<typeof LagMessage>;

/** The answer to an offer: take the bonus shot / play after the foul (true), or pass it back (false). */
export const AnswerMessage = z.object({
  shotNumber: z.number().int().min(0).max(MAX_SHOT_NUMBER),
  accept: z.boolean(),
});
export type AnswerMessage = z.infer<typeof AnswerMessage>;

/** Live aim for the opponent and spectators; relayed, never stored in the synced state. */
export const AimMessage = z.object({
  stroke: StrokeMessage,
  call: z.array(CalledBallMessage).max(2).default([]),
  place: Point.optional(),
});
export type AimMessage = z.infer<typeof AimMessage>;

/** A chat line, cleared of characters that hide or reorder text (visible-text.ts). */
export const ChatMessage = z.object({ text: ChatText });
export type ChatMessage = z.infer<typeof ChatMessage>;

/**
 * The sender's client has finished showing the latest shot (its playback ended, or the player skipped it);
 * `shotNumber` is the state's current number, so a late `seen` for an older shot changes nothing.
 */
export const SeenMessage = z.object({ shotNumber: z.number().int().min(0).max(MAX_SHOT_NUMBER) });
export type SeenMessage = z.infer<typeof SeenMessage>;

/**
 * Whose `seen` the table waits for after a shot: the seat to move, or, when the computer is to move, the person
 * opposite it. Anyone else's changes nothing, so a page sends it only from this seat.
 */
export function awaitsSeenFrom(seat: number, toMove: number, computerSeat: (seat: 0 | 1) => boolean): boolean {
  return seat === toMove || ((toMove === 0 || toMove === 1) && computerSeat(toMove));
}

export const EmptyMessage = z.object({}).optional();

export const CLIENT_MESSAGE_TYPES = ["shot", "lag", "answer", "aim", "chat", "seen", "resign", "rematch"] as const;
export type ClientMessageType = (typeof CLIENT_MESSAGE_TYPES)[number];

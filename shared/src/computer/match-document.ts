import { z } from "zod";
import {
  ACTION_TYPES,
  COMPUTER_LEVELS,
  COMPUTER_PACES,
  type MatchAction,
  type MatchShot,
  matchShots,
  OPPONENTS,
  type RecordedStroke,
  recordWithStrokes,
} from "../match/index.ts";
import { CalledBallMessage, Point } from "../protocol/client-messages.ts";
import { readUntrusted } from "../read-untrusted.ts";
import { MAX_SHOT_NUMBER } from "../shot/shot-number.ts";
import { MAX_STROKE_SPEED } from "../shot/stroke.ts";
import { issueLine, pathOfField } from "../sim/format-issue.ts";
import { ballSchema } from "../sim/scenario-schema.ts";
import { CUSHION_IDS } from "../table/cushions.ts";
import { POCKET_IDS } from "../table/pockets.ts";

/**
 * A match record exactly as `GET /api/matches/:id` serves it (docs/PROTOCOL.md), read from outside: its
 * shape through the schema below (every list bounded), then its strokes put back beside their actions and the
 * whole folded by the record's own reader, which checks every stroke against its action. What comes out is a
 * match record like a stored one, or one line naming the first thing wrong.
 */

/** More actions, or strokes, than any match has: a longer list is not a record of ours. */
const MAX_ACTIONS = 5_000;
const MAX_STROKES = 2_000;
/** Events of one stroke: a crowded break logs a few hundred. */
const MAX_EVENTS = 5_000;
/** A stroke's trace in base64: a long break's is under 100 KB. */
const MAX_TRACE_CHARS = 1_000_000;

const finite = z.number({ error: "expected a finite number" });
const text = (max: number) => z.string({ error: "expected text" }).max(max);
const seat = z.union([z.literal(0), z.literal(1)], { error: "expected a seat, 0 or 1" });
const shotNumber = z.int({ error: "expected a shot number" }).min(0).max(MAX_SHOT_NUMBER);
const balls = z.array(ballSchema, { error: "expected a list of balls" }).max(16);
const ballId = z.int().min(0).max(15);
const pocket = z.enum(POCKET_IDS);
const side = z.union([z.literal(-1), z.literal(1)]);
/** The physics' events (shared/src/shot/shot-events.ts), which the fold judges again. */
const event = z.discriminatedUnion(
  "type",
  [
    z.object({ t: finite, type: z.literal("strike"), ball: ballId }),
    z.object({
      t: finite,
      type: z.literal("collision"),
      a: ballId,
      b: ballId,
      ax: finite,
      ay: finite,
      bx: finite,
      by: finite,
    }),
    z.object({
      t: finite,
      type: z.literal("cushion"),
      ball: ballId,
      cushion: z.enum(CUSHION_IDS),
      jaw: pocket.optional(),
      x: finite,
      y: finite,
    }),
    z.object({ t: finite, type: z.literal("centre-line"), ball: ballId, from: side }),
    z.object({ t: finite, type: z.literal("long-axis"), ball: ballId, from: side }),
    z.object({ t: finite, type: z.literal("pocket"), ball: ballId, pocket }),
    z.object({ t: finite, type: z.literal("off-table"), ball: ballId }),
    z.object({ t: finite, type: z.literal("in-mouth"), ball: ballId, pocket, moved: z.boolean().optional() }),
  ],
  { error: "expected a shot event {t, type, …} of the physics" },
);
const physics = z.object({ events: z.array(event).max(MAX_EVENTS), rest: balls });
const stroke = z.object({
  cue: ballId,
  angle: finite.min(-360).max(720),
  speed: finite.gt(0).max(MAX_STROKE_SPEED),
  offset: z.object({ x: finite, y: finite }).optional(),
});

const action: z.ZodType<MatchAction> = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("sit"), player: seat, name: text(200), token: text(200) }),
    z.object({ type: z.literal("leave"), player: seat }),
    z.object({
      type: z.literal("lag"),
      player: seat,
      place: Point,
      angle: finite,
      speed: finite,
      result: physics.optional(),
    }),
    z.object({
      type: z.literal("draw"),
      shot: shotNumber,
      source: z.union([z.object({ seed: z.int() }), z.object({ value: finite })]),
    }),
    z.object({
      type: z.literal("shot"),
      shot: shotNumber,
      player: seat,
      stroke,
      call: z.array(CalledBallMessage).max(2).optional(),
      place: Point.optional(),
      result: physics,
    }),
    z.object({ type: z.literal("take"), shot: shotNumber, player: seat }),
    z.object({ type: z.literal("pass"), shot: shotNumber, player: seat }),
    z.object({ type: z.literal("clock"), shot: shotNumber }),
    z.object({ type: z.literal("resign"), shot: shotNumber, player: seat }),
    z.object({ type: z.literal("expire"), player: seat }),
    z.object({ type: z.literal("rematch"), player: seat }),
  ],
  { error: `expected an action whose type is one of ${ACTION_TYPES.join(", ")}` },
);

const header = z.object(
  {
    format: z.int({ error: "expected the record's format, an integer" }),
    matchId: text(100),
    code: text(100),
    settings: z.object(
      {
        visibility: z.enum(["public", "private"]),
        opening: z.enum(["lag", "draw"]),
        shotClock: finite,
        seatHoldSeconds: finite,
        spectatorCap: finite,
        opponent: z.enum(OPPONENTS).optional(),
        level: z.enum(COMPUTER_LEVELS).optional(),
        pace: z.enum(COMPUTER_PACES).optional(),
      },
      { error: "expected the table's settings" },
    ),
    seed: z.int({ error: "expected an integer" }),
    createdAt: finite,
  },
  { error: "expected the record's header {format, matchId, code, settings, seed, createdAt}" },
);

const servedStroke = z.object({
  kind: z.enum(["shot", "lag", "clock"], { error: 'expected "shot", "lag" or "clock"' }),
  number: shotNumber,
  seat: z.union([z.literal(-1), seat], { error: "expected -1 (the lag) or a seat" }),
  before: balls,
  trace: z.base64({ error: "expected the trace in base64" }).max(MAX_TRACE_CHARS),
  duration: finite.min(0),
});

const matchDocument = z.object(
  {
    id: text(100).min(1),
    record: z
      .object(
        {
          header,
          actions: z.array(z.object({ at: finite, action }), { error: "expected a list of actions" }).max(MAX_ACTIONS),
        },
        { error: "expected the record {header, actions}" },
      )
      .nullable(),
    shots: z.array(servedStroke, { error: "expected a list of strokes" }).max(MAX_STROKES),
  },
  { error: "expected a match record as GET /api/matches/:id serves it {id, record, shots, …}" },
);

export type DocumentCheck =
  | { readonly ok: true; readonly matchId: string; readonly shots: readonly MatchShot[] }
  | { readonly ok: false; readonly message: string };

/** Where a record's error lies in the served document: the fold names an action, the format, or the strokes. */
function documentPath(field: string | undefined): PropertyKey[] {
  if (field === "format") return ["record", "header", "format"];
  if (field?.startsWith("actions")) return ["record", ...pathOfField(field)];
  return ["shots"];
}

/**
 * A served match record, whole again, and its strokes as the record's fold reads them (`matchShots`), or the
 * one line that says what is wrong.
 */
export function readMatchDocument(input: unknown): DocumentCheck {
  const parsed = readUntrusted(matchDocument, input);
  if (!parsed.ok) return { ok: false, message: issueLine(parsed.issue.path, parsed.issue.message) };
  const { id, record, shots } = parsed.value;
  if (record === null) {
    return { ok: false, message: issueLine(["record"], "this match was recorded before matches were kept as actions") };
  }
  if (record.header.matchId !== id) {
    return { ok: false, message: issueLine(["record", "header", "matchId"], `not the match's id ${id}`) };
  }
  const strokes: RecordedStroke[] = shots.map((s) => ({ ...s, trace: new Uint8Array(Buffer.from(s.trace, "base64")) }));
  const whole = recordWithStrokes(record.header, record.actions, strokes);
  const read = whole.ok ? matchShots(whole.value) : whole;
  if (!read.ok) return { ok: false, message: issueLine(documentPath(read.error.field), read.error.message) };
  return { ok: true, matchId: id, shots: read.value };
}

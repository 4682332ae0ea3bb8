import {
  AimMessage,
  AnswerMessage,
  ChatMessage,
  CLIENT_MESSAGE_TYPES,
  type ClientMessageType,
  EmptyMessage,
  LagMessage,
  SeenMessage,
  ShotMessage,
} from "@habibka/shared/protocol";
import { hostileJson } from "@habibka/shared/testing/hostile-values";
import fc from "fast-check";

/**
 * Random payloads for the fuzz tests: for every message type a client may send, well-formed messages with
 * some fields replaced by junk, junk alone, and unknown message types; grouped into batches that one fresh
 * connection can send at once without meeting its rate or strike limits.
 */

/** The schema the room checks each message type against (the same as the client's). */
export const SCHEMAS = {
  lag: LagMessage,
  shot: ShotMessage,
  answer: AnswerMessage,
  aim: AimMessage,
  chat: ChatMessage,
  seen: SeenMessage,
  resign: EmptyMessage,
  rematch: EmptyMessage,
} as const satisfies Record<ClientMessageType, unknown>;

/**
 * Messages of each type one connection may send at once within the production rates (rate-limits.ts): a
 * batch would be answered the same with them in force.
 */
const QUOTA: Record<ClientMessageType, number> = {
  lag: 3,
  shot: 3,
  answer: 3,
  aim: 10,
  chat: 5,
  seen: 3,
  resign: 2,
  rematch: 2,
};
/** A connection is cut at 20 refused messages; each batch stays below. */
export const BATCH = 19;

const oddNumber = fc.constantFrom(
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -0,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 32,
  -(2 ** 31) - 1,
  0.1 + 0.2,
);
const oddString = fc.constantFrom("NaN", "Infinity", "-Infinity", "1e999", "0x10", "", " ", "__proto__", "constructor");
const longString = fc.integer({ min: 201, max: 6_000 }).map((n) => "ш".repeat(n));
const deep = fc.integer({ min: 20, max: 300 }).map((depth) => {
  let value: unknown = { x: 1 };
  for (let i = 0; i < depth; i++) value = i % 2 ? { stroke: value } : [value];
  return value;
});
const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: oddNumber },
  { weight: 2, arbitrary: oddString },
  { weight: 1, arbitrary: longString },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined, true, false, [], {}) },
  { weight: 2, arbitrary: fc.double() },
  { weight: 2, arbitrary: fc.integer({ min: -1_000, max: 1_000 }) },
  { weight: 2, arbitrary: hostileJson.filter(sdkCanSend) },
);

/** The SDK's encoder calls any truthy `toJSON` it meets: a value with one that is no function never leaves it. */
function sdkCanSend(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== "object" || depth > 50) return true;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (toJSON && typeof toJSON !== "function") return false;
  return Object.values(value).every((child) => sdkCanSend(child, depth + 1));
}
/** Either a plausible value or junk, for one field of an otherwise well-formed message. */
const field = <T>(plausible: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 2, arbitrary: junk });
const point = fc.record({ x: field(fc.double({ min: -2, max: 2 })), y: field(fc.double({ min: -1, max: 1 })) });
const stroke = fc.record(
  {
    cue: field(fc.integer({ min: 0, max: 15 })),
    angle: field(fc.double({ min: -400, max: 800 })),
    speed: field(fc.double({ min: -1, max: 13 })),
    offset: field(fc.record({ x: fc.double({ min: -1, max: 1 }), y: fc.double({ min: -1, max: 1 }) })),
  },
  { requiredKeys: [] },
);
const called = fc.record(
  {
    ball: field(fc.integer({ min: -1, max: 16 })),
    pocket: field(fc.constantFrom("HL", "HR", "ML", "MR", "FL", "FR", "XX", "hl")),
    way: field(fc.constantFrom("direct", "bank", "jump")),
  },
  { requiredKeys: [] },
);
/** A message of each type, well-formed or nearly so. */
const shaped: Record<ClientMessageType, fc.Arbitrary<unknown>> = {
  lag: fc.record({ place: field(point), angle: field(fc.double()), speed: field(fc.double()) }, { requiredKeys: [] }),
  shot: fc.record(
    {
      shotNumber: field(fc.integer({ min: -2, max: 5 })),
      stroke: field(stroke),
      call: field(fc.array(called, { maxLength: 4 })),
      place: field(point),
    },
    { requiredKeys: [] },
  ),
  answer: fc.record(
    { shotNumber: field(fc.integer({ min: -2, max: 5 })), accept: field(fc.boolean()) },
    { requiredKeys: [] },
  ),
  aim: fc.record(
    { stroke: field(stroke), call: field(fc.array(called, { maxLength: 3 })), place: field(point) },
    { requiredKeys: [] },
  ),
  chat: fc.record({ text: field(fc.string({ maxLength: 220 })) }, { requiredKeys: [] }),
  seen: fc.record({ shotNumber: field(fc.integer({ min: -2, max: 8 })) }, { requiredKeys: [] }),
  resign: field(fc.constant({})),
  rematch: field(fc.constant({})),
};

/** Near the numbers of a short match (the current one among them), or anywhere in the protocol's range. */
const shotNumber = fc.oneof(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 100_000 }));
const place = fc.record({
  x: fc.double({ min: -2, max: 2, noNaN: true }),
  y: fc.double({ min: -1, max: 1, noNaN: true }),
});
const wellFormedStroke = fc.record({
  cue: fc.integer({ min: 0, max: 15 }),
  angle: fc.double({ min: -360, max: 720, noNaN: true }),
  speed: fc.double({ min: 0.01, max: 12, noNaN: true }),
  // Each axis within its bound, which still leaves tips too far from the centre for the rules to refuse.
  offset: fc.record({
    x: fc.double({ min: -0.8, max: 0.8, noNaN: true }),
    y: fc.double({ min: -0.8, max: 0.8, noNaN: true }),
  }),
});
const wellFormedCall = fc.array(
  fc.record({
    ball: fc.integer({ min: 0, max: 15 }),
    pocket: fc.constantFrom("HL", "HR", "ML", "MR", "FL", "FR"),
    way: fc.constantFrom("direct", "bank"),
  }),
  { maxLength: 2 },
);
/**
 * A message of each type that passes its schema, so that what answers it is the match's own judgement in the
 * phase at hand (whose turn, which shot number, whether anything animates) rather than the shape check.
 */
const wellFormed: Record<ClientMessageType, fc.Arbitrary<unknown>> = {
  lag: fc.record({
    place,
    angle: fc.double({ min: -360, max: 720, noNaN: true }),
    speed: fc.double({ min: 0.01, max: 12, noNaN: true }),
  }),
  shot: fc.record(
    { shotNumber, stroke: wellFormedStroke, call: wellFormedCall, place },
    { requiredKeys: ["shotNumber", "stroke"] },
  ),
  answer: fc.record({ shotNumber, accept: fc.boolean() }),
  aim: fc.record({ stroke: wellFormedStroke, call: wellFormedCall, place }, { requiredKeys: ["stroke"] }),
  chat: fc.record({ text: fc.string({ minLength: 1, maxLength: 200 }) }),
  seen: fc.record({ shotNumber }),
  resign: fc.constantFrom({}, undefined),
  rematch: fc.constantFrom({}, undefined),
};

export function isClientType(type: unknown): type is ClientMessageType {
  return typeof type === "string" && (CLIENT_MESSAGE_TYPES as readonly string[]).includes(type);
}

/** A message type the protocol does not have: random text or a number. */
export const unknownType: fc.Arbitrary<string | number> = fc.oneof(
  fc.string({ minLength: 1, maxLength: 60 }).filter((t) => !isClientType(t)),
  fc.integer({ min: 0, max: 1_000_000 }),
);
/**
 * Types that name something other than a handler: the wildcard itself, inherited object members, the
 * server's own message names, near misses of real types, and numbers that are not plain indices.
 */
export const trickyType: fc.Arbitrary<string | number> = fc.constantFrom(
  "*",
  "",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "prototype",
  "error",
  "welcome",
  "action",
  "Shot",
  "shot ",
  "seen\u0000",
  // Not longer: the SDK reserves room for a message's header in one byte's worth, and fails to send a type
  // of more than about 250 bytes itself.
  "x".repeat(200),
  -1,
  0.5,
  2 ** 40,
);

export interface Sent {
  readonly type: string | number;
  readonly payload: unknown;
}

/** How often a batch's known types carry a nearly well-formed, a well-formed and a junk payload. */
export interface PayloadWeights {
  readonly shaped: number;
  readonly wellFormed: number;
  readonly junk: number;
}

/**
 * One batch: each of `types` within its quota (in random order), plus up to six unknown types, at most
 * BATCH in all.
 */
export function batchOf(
  types: readonly ClientMessageType[],
  unknown: fc.Arbitrary<string | number> = unknownType,
  weights: PayloadWeights = { shaped: 3, wellFormed: 0, junk: 1 },
): fc.Arbitrary<Sent[]> {
  const payloadOf = (type: ClientMessageType) =>
    weights.wellFormed > 0
      ? fc.oneof(
          { weight: weights.shaped, arbitrary: shaped[type] },
          { weight: weights.wellFormed, arbitrary: wellFormed[type] },
          { weight: weights.junk, arbitrary: junk },
        )
      : fc.oneof({ weight: weights.shaped, arbitrary: shaped[type] }, { weight: weights.junk, arbitrary: junk });
  return (
    fc
      .tuple(
        ...types.map((type) =>
          fc.array(
            payloadOf(type).map((payload) => ({ type, payload })),
            { maxLength: QUOTA[type] },
          ),
        ),
        fc.array(
          fc.record({ type: unknown, payload: junk }).map(({ type, payload }) => ({ type, payload })),
          { maxLength: 6 },
        ),
      )
      .chain((groups) => fc.shuffledSubarray(groups.flat(), { minLength: Math.min(BATCH, groups.flat().length) }))
      .map((all) => all.slice(0, BATCH))
      // The SDK would refuse to pack none of these, but a frame over 16 KiB closes the connection (tested once).
      .filter((all) => all.every((m) => (JSON.stringify(m.payload) ?? "").length * 3 < 15_000))
  );
}

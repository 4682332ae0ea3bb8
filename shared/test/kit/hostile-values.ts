import fc from "fast-check";

/**
 * Values a hostile visitor can send, for every test that feeds outside input to a schema, a route or a
 * socket. Two kinds:
 * - `hostileJson`: what JSON (and so msgpack) can carry: objects whose `length`, `toString`, `valueOf`,
 *   `toJSON`, `__proto__` or `constructor` hold a value of any odd type, objects shaped like an array, a
 *   string, a number or a date, and deep or wide nests of them. These arrive over HTTP and WebSockets.
 * - `hostileObject`: what only code can make: getters that throw, proxies that throw on every trap,
 *   symbols, bigints, functions, cycles. No route receives these, but a schema must survive them too.
 */

const DANGEROUS_KEYS = ["length", "toString", "valueOf", "toJSON", "__proto__", "constructor", "then", "size"];

/** A value of every odd kind JSON allows, including objects that again fake a primitive. */
const oddLeaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -0, 1, -1, 1e308, -1e308, 2 ** 53 + 2, 0.5, "", "1", "NaN", "Infinity"),
  fc.constantFrom([], [1], ["x"], {}, { toString: 1 }, { valueOf: {} }, { length: 1e9 }, { length: -1 }),
  fc.string({ maxLength: 8 }),
  fc.integer(),
);

/** One object whose dangerous keys hold odd values (defineProperty: `__proto__` must stay a plain key). */
const fakeObject: fc.Arbitrary<Record<string, unknown>> = fc
  .uniqueArray(fc.constantFrom(...DANGEROUS_KEYS), { minLength: 1, maxLength: 4 })
  .chain((keys) => fc.tuple(fc.constant(keys), fc.array(oddLeaf, { minLength: keys.length, maxLength: keys.length })))
  .map(([keys, values]) => {
    const object: Record<string, unknown> = {};
    keys.forEach((key, i) => {
      Object.defineProperty(object, key, { value: values[i], enumerable: true, configurable: true, writable: true });
    });
    return object;
  });

/** Objects dressed as something else: an array, a string, a number, a date, a map. */
const impostor: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant({ length: { toString: 1 } }),
  fc.constant({ length: { valueOf: 1 } }),
  fc.constant({ length: { toString: {}, valueOf: {} } }),
  fc.constant({ length: "3", 0: "a", 1: "b", 2: "c" }),
  fc.constant({ 0: 1, 1: 2, length: 2 }),
  fc.constant({ toString: { toString: 1 } }),
  fc.constant({ valueOf: 7, toString: "7" }),
  fc.constant({ toJSON: 1, toISOString: 1 }),
  fc.constant({ size: { toString: 1 }, entries: 1 }),
);

/** Any JSON-shaped hostile value, nested up to a few levels in objects and arrays. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { weight: 3, arbitrary: impostor },
    { weight: 3, arbitrary: fakeObject },
    { weight: 2, arbitrary: oddLeaf },
    { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.constantFrom(...DANGEROUS_KEYS, "x", "stroke"), tie("value"), { maxKeys: 3 }),
    },
  ),
})).value;

const throwing = () => {
  throw new Error("hostile getter");
};

/**
 * Values only code can build; each throws, lies or loops when a reader touches it. They are made when
 * drawn.
 */
const MAKE_HOSTILE_OBJECT: readonly (() => unknown)[] = [
  () => Object.defineProperty({}, "length", { get: throwing, enumerable: true }),
  () => Object.defineProperty({}, "text", { get: throwing, enumerable: true }),
  () => ({ toString: throwing, valueOf: throwing, [Symbol.toPrimitive]: throwing }),
  () => new Proxy({}, { get: throwing, has: throwing, ownKeys: throwing, getOwnPropertyDescriptor: throwing }),
  () => new Proxy([], { get: throwing }),
  () => Symbol("hostile"),
  () => 10n ** 30n,
  () => () => 1,
  () => {
    const cycle: Record<string, unknown> = { length: 2 };
    cycle.self = cycle;
    cycle.length = cycle;
    return cycle;
  },
];
/** One of them, as a function that makes it: fast-check would touch a proxy held as a drawn value. */
export const hostileObject: fc.Arbitrary<() => unknown> = fc
  .integer({ min: 0, max: MAKE_HOSTILE_OBJECT.length - 1 })
  .map((i) => MAKE_HOSTILE_OBJECT[i]!);

/** Every path of containers inside a JSON value, the root included: where a hostile value can be put. */
function placesIn(value: unknown, path: readonly (string | number)[] = []): (string | number)[][] {
  const here = [[...path]];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => placesIn(item, [...path, i]))];
  if (typeof value === "object" && value !== null) {
    return [...here, ...Object.entries(value).flatMap(([key, item]) => placesIn(item, [...path, key]))];
  }
  return here;
}

function replaced(value: unknown, path: readonly (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = replaced(copy[head!], rest, by);
  return copy;
}

/**
 * A well-formed example with one of its fields (or the whole) swapped for a hostile value: the shape a
 * schema reads the furthest into before it meets the value, which is where a reader that throws would.
 */
export function withHostileField(example: unknown): fc.Arbitrary<unknown> {
  return fc
    .tuple(fc.constantFrom(...placesIn(example)), hostileJson)
    .map(([path, value]) => replaced(example, path, value));
}

/** The same with a value only code can make, as a function that builds the input when called. */
export function withHostileObject(example: unknown): fc.Arbitrary<() => unknown> {
  return fc.tuple(fc.constantFrom(...placesIn(example)), hostileObject).map(
    ([path, make]) =>
      () =>
        replaced(example, path, make()),
  );
}

/** Well-formed values of a stroke, a call and a position, for tests that put hostile values into them. */
export const EXAMPLE_STROKE = { cue: 0, angle: 10, speed: 2, offset: { x: 0.1, y: -0.1 } };
export const EXAMPLE_CALL = [{ ball: 3, pocket: "FL", way: "direct" }];
export const EXAMPLE_SCENARIO = {
  balls: [
    { id: 0, x: -0.5, y: 0 },
    { id: 3, x: 0.5, y: 0.1 },
  ],
  shot: EXAMPLE_STROKE,
  call: EXAMPLE_CALL,
};

import type { z } from "zod";

/**
 * Reading what came from outside (a message, a request body, a command's standard input) through its
 * schema, with the guarantee the schema alone does not give: it never throws. Zod's length checks read
 * `.length` of a value even after its type check failed, so `{"length": {"toString": 1}}` where a string
 * or a list belongs makes `safeParse` throw ("Cannot convert object to primitive value"); a getter or a
 * proxy (from code, never from JSON) can throw from inside any check. Whatever the cause, the value could
 * not be read, and that is an answer about the input, never an error of the reader.
 */

/** The first thing wrong with an input: where (a path of keys and indices) and what. */
export interface InputIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export type Untrusted<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issue: InputIssue };

export const UNREADABLE_VALUE = "a value of the wrong kind (an object where text, a number or a list belongs)";

export function readUntrusted<S extends z.ZodType>(schema: S, input: unknown): Untrusted<z.output<S>> {
  let parsed: z.ZodSafeParseResult<z.output<S>>;
  try {
    parsed = schema.safeParse(input);
  } catch {
    return { ok: false, issue: { path: pathOfOddLength(input), message: UNREADABLE_VALUE } };
  }
  if (parsed.success) return { ok: true, value: parsed.data };
  const first = parsed.error.issues[0];
  return { ok: false, issue: { path: first?.path ?? [], message: first?.message ?? "malformed" } };
}

/** A field's path as a person writes it: `call[1].pocket`, `stroke.angle`; undefined for the whole input. */
export function fieldPath(path: readonly PropertyKey[]): string | undefined {
  let out = "";
  for (const key of path) out += typeof key === "number" ? `[${key}]` : `${out ? "." : ""}${String(key)}`;
  return out || undefined;
}

/** An issue in one line: `call[1].pocket: Invalid option`, or the message alone for the whole input. */
export function describeIssue(issue: InputIssue): string {
  const field = fieldPath(issue.path);
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** How much of a value the search for the field at fault looks at before it gives the root. */
const SEARCH_NODES = 2_000;

/**
 * Where the value that could not be read most likely sits: the first object (breadth first) whose `length`
 * is not a number, the shape that fools the length checks. The search is bounded, and reading a property
 * that throws ends it: the root is then named, which is true if less precise.
 */
function pathOfOddLength(input: unknown): PropertyKey[] {
  const queue: { value: unknown; path: PropertyKey[] }[] = [{ value: input, path: [] }];
  try {
    for (let seen = 0; seen < queue.length && seen < SEARCH_NODES; seen++) {
      const { value, path } = queue[seen]!;
      if (typeof value !== "object" || value === null) continue;
      if (!Array.isArray(value) && "length" in value && typeof value.length !== "number") return path;
      const list = Array.isArray(value);
      for (const [key, child] of Object.entries(value))
        queue.push({ value: child, path: [...path, list ? Number(key) : key] });
    }
  } catch {
    // A getter or a proxy refused to be read: the root is the answer.
  }
  return [];
}

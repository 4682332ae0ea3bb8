import { fieldPath } from "../read-untrusted.ts";

/** A field path as a reader writes it: `balls[3].x`, `[2].shot.speed` (batch), or `input` for the whole. */
export function formatPath(path: readonly PropertyKey[]): string {
  return fieldPath(path) ?? "input";
}

/** One line for standard error: the field, then what was wrong with it. */
export function issueLine(path: readonly PropertyKey[], message: string): string {
  return `${formatPath(path)}: ${message.replace(/\s+/g, " ").trim()}`;
}

/** A rules error's field ("call[0].ball", "match.shelf[1][5]") as a path, so that a batch index can lead it. */
export function pathOfField(field: string): PropertyKey[] {
  return [...field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] === undefined ? m[1]! : Number(m[2])));
}

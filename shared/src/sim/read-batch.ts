import { issueLine } from "./format-issue.ts";

/** One object, or a batch of them, read from a command's standard input. */
export type BatchInput =
  | { readonly ok: true; readonly batch: boolean; readonly items: readonly unknown[] }
  | { readonly ok: false; readonly message: string };

/** Parses the text as JSON: an array is a batch (never empty), anything else a single item. */
export function readBatch(text: string): BatchInput {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: issueLine([], `not valid JSON (${(error as Error).message})`) };
  }
  const batch = Array.isArray(input);
  const items: unknown[] = batch ? (input as unknown[]) : [input];
  if (batch && items.length === 0) return { ok: false, message: issueLine([], "the batch is empty") };
  return { ok: true, batch, items };
}

/**
 * Typed results for anything a player (or a caller) can get wrong: the rules never throw for a mistake
 * made at the table, they say what was wrong in words both a program and a player can use.
 */
export interface RuleError<Code extends string = string> {
  readonly code: Code;
  /** English sentence for players and logs. */
  readonly message: string;
  /** The same in Russian, for the client's default language. */
  readonly messageRu?: string;
  /** The input field at fault, when there is one (e.g. "call[1].pocket"). */
  readonly field?: string;
}

export type Result<T, Code extends string = string> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: RuleError<Code> };

export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

export function fail<Code extends string>(
  code: Code,
  message: string,
  messageRu?: string,
  field?: string,
): { readonly ok: false; readonly error: RuleError<Code> } {
  const error: RuleError<Code> = { code, message };
  return {
    ok: false,
    error: {
      ...error,
      ...(messageRu === undefined ? {} : { messageRu }),
      ...(field === undefined ? {} : { field }),
    },
  };
}

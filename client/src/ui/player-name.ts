import { nameProblem, TABLE_CODE_PATTERN } from "@habibka/shared/protocol";

const NAME_KEY = "habibka.name";

/**
 * Checked with the server's own rule (docs/PROTOCOL.md) before joining, so a typo is caught in the form;
 * the server checks again.
 */
export function isValidName(name: string): boolean {
  return nameProblem(name) === null;
}

export function storedName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? "";
  } catch {
    return "";
  }
}

/**
 * The name this browser kept before accounts existed (the account keeps it now): offered once to an
 * account without one, then forgotten. While the server cannot say who this is, it is still kept here.
 */
export function rememberName(name: string): void {
  try {
    localStorage.setItem(NAME_KEY, name.trim());
  } catch {
    // not remembered
  }
}

export function forgetStoredName(): void {
  try {
    localStorage.removeItem(NAME_KEY);
  } catch {
    // nothing kept
  }
}

/** The table code in an invite path `/t/<code>`, or null. */
export function codeFromPath(pathname: string): string | null {
  const code = /^\/t\/([^/]*)\/?$/.exec(pathname)?.[1];
  return code !== undefined && TABLE_CODE_PATTERN.test(code) ? code : null;
}

export function inviteLink(code: string, origin: string): string {
  return `${origin}/t/${code}`;
}

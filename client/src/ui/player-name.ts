/**
 * Player names as the server accepts them (docs/PROTOCOL.md: 1–24 letters, digits, spaces, `. _ - '`),
 * checked before joining so a typo is caught in the form; the server checks again.
 */
const NAME_PATTERN = /^[\p{L}\p{N} ._\-']+$/u;
const NAME_KEY = "habibka.name";

export function isValidName(name: string): boolean {
  const trimmed = name.trim();
  return trimmed.length >= 1 && trimmed.length <= 24 && NAME_PATTERN.test(trimmed);
}

export function storedName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? "";
  } catch {
    return "";
  }
}

export function rememberName(name: string): void {
  try {
    localStorage.setItem(NAME_KEY, name.trim());
  } catch {
    // not remembered
  }
}

/** The table code in an invite path `/t/<code>`, or null. */
export function codeFromPath(pathname: string): string | null {
  const match = /^\/t\/([0-9]{6})\/?$/.exec(pathname);
  return match ? match[1]! : null;
}

export function inviteLink(code: string, origin: string): string {
  return `${origin}/t/${code}`;
}

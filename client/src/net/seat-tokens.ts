/**
 * Seat tokens per table code (docs/PROTOCOL.md: `welcome.seatToken`), kept in localStorage so that a
 * reload, a new tab or the same browser later returns the player to the seat while it is held.
 */
const PREFIX = "habibka.seat.";

export function loadSeatToken(
  code: string,
  storage: Storage | undefined = globalThis.localStorage,
): string | undefined {
  try {
    return storage?.getItem(PREFIX + code) ?? undefined;
  } catch {
    return undefined;
  }
}

export function saveSeatToken(
  code: string,
  token: string,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(PREFIX + code, token);
  } catch {
    // Private mode or a full store: the seat still works until the tab closes.
  }
}

const ROLE_PREFIX = "habibka.watching.";

/** Whether this browser watched the table last time, so a reload does not take a seat that fell free. */
export function wasWatching(code: string, storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(ROLE_PREFIX + code) === "1";
  } catch {
    return false;
  }
}

export function rememberRole(
  code: string,
  role: "player" | "spectator",
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(ROLE_PREFIX + code, role === "spectator" ? "1" : "0");
  } catch {
    // not remembered
  }
}

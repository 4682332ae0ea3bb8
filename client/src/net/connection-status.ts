import { CLOSE_CODES, isComeBackClose } from "@habibka/shared/protocol";

/**
 * The page's link to its table as a pure state machine: what each thing the connection does (joined,
 * dropped, left with a close code, a rejoin attempt failed) makes of the status the page shows. The
 * session (table-session.ts) feeds it events and runs the timers; nothing here touches the network.
 */

/** Why the page is coming back by itself: the server said it restarts (4100), or the connection was lost. */
type RejoinReason = "restart" | "lost";

export type ConnectionStatus =
  | { readonly kind: "connecting" }
  | { readonly kind: "joined" }
  /** The connection dropped and the SDK is re-establishing the same session. */
  | { readonly kind: "reconnecting" }
  /**
   * The session is gone (the server restarted, or the SDK's reconnection gave up): the page joins the table
   * again by its code, attempt by attempt, until `until` (ms since the epoch).
   */
  | {
      readonly kind: "rejoining";
      readonly reason: RejoinReason;
      /** The attempt to make next, from 1. */
      readonly attempt: number;
      readonly until: number;
    }
  /** Every attempt up to the deadline failed: the player may try again or go to the lobby. */
  | { readonly kind: "gave-up"; readonly reason: RejoinReason }
  | { readonly kind: "taken-over" }
  | { readonly kind: "closed"; readonly code: number }
  /** The table could not be opened; `code` is the server's reason when it named one (docs/PROTOCOL.md, "HTTP"). */
  | { readonly kind: "error"; readonly message: string; readonly code?: string; readonly limit?: number | undefined };

export type ConnectionEvent =
  | { readonly type: "joined" }
  | { readonly type: "dropped" }
  | { readonly type: "reconnected" }
  /** The room's connection ended for good with this close code; `finished`: the table's match was over. */
  | { readonly type: "left"; readonly code: number; readonly finished: boolean; readonly at: number }
  | { readonly type: "attempt-failed"; readonly at: number }
  /** The player asks to try again after the page gave up. */
  | { readonly type: "retry"; readonly at: number }
  | {
      readonly type: "open-failed";
      readonly message: string;
      readonly code?: string;
      readonly limit?: number | undefined;
    };

/** How long the page keeps coming back by itself: longer than a redeploy or a crash's restart takes. */
export const REJOIN_FOR_MS = 90_000;
const FIRST_PAUSE_MS = 500;
const LONGEST_PAUSE_MS = 5_000;

/**
 * Closes the server means (docs/PROTOCOL.md, "Close codes"): a normal close, a deliberate leave, flooding
 * and hostility. Rejoining after them would only be refused again, or undo what the server decided.
 */
const FINAL_CLOSES: ReadonlySet<number> = new Set([
  1000,
  CLOSE_CODES.consented,
  CLOSE_CODES.flooding,
  CLOSE_CODES.hostile,
]);

/** The pause before the given attempt: 0.5 s, doubling, at most 5 s. */
export function rejoinPause(attempt: number): number {
  return Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (attempt - 1));
}

/**
 * How long to wait, from `now`, before the next attempt: the pause give or take a fifth, so that the pages
 * a restart sent away all at once do not come back all at once; never past the deadline, so the last
 * attempt is made at it. `random` is in [0, 1).
 */
export function waitBeforeAttempt(status: ConnectionStatus, now: number, random = Math.random()): number | null {
  if (status.kind !== "rejoining") return null;
  const pause = Math.round(rejoinPause(status.attempt) * (0.8 + 0.4 * random));
  return Math.max(0, Math.min(pause, status.until - now));
}

function rejoining(reason: RejoinReason, at: number): ConnectionStatus {
  return { kind: "rejoining", reason, attempt: 1, until: at + REJOIN_FOR_MS };
}

/** What a connection's end means. A leave while the SDK was reconnecting is its reconnection giving up. */
function afterLeave(status: ConnectionStatus, code: number, finished: boolean, at: number): ConnectionStatus {
  if (code === CLOSE_CODES.seatTakenOver) return { kind: "taken-over" };
  if (isComeBackClose(code)) {
    // A finished match's table is not reopened by the next process: there is nothing to come back to.
    return finished ? { kind: "closed", code } : rejoining("restart", at);
  }
  if (status.kind === "reconnecting") return rejoining("lost", at);
  if (FINAL_CLOSES.has(code)) return { kind: "closed", code };
  return rejoining("lost", at);
}

export function nextStatus(status: ConnectionStatus, event: ConnectionEvent): ConnectionStatus {
  switch (event.type) {
    case "joined":
      return { kind: "joined" };
    case "dropped":
      return status.kind === "joined" || status.kind === "reconnecting" ? { kind: "reconnecting" } : status;
    case "reconnected":
      return status.kind === "reconnecting" ? { kind: "joined" } : status;
    case "left":
      return status.kind === "joined" || status.kind === "reconnecting"
        ? afterLeave(status, event.code, event.finished, event.at)
        : status;
    case "attempt-failed":
      if (status.kind !== "rejoining") return status;
      return event.at >= status.until
        ? { kind: "gave-up", reason: status.reason }
        : { ...status, attempt: status.attempt + 1 };
    case "retry":
      return status.kind === "gave-up" ? rejoining(status.reason, event.at) : status;
    case "open-failed": {
      const { type: _type, ...failure } = event;
      return { kind: "error", ...failure };
    }
  }
}

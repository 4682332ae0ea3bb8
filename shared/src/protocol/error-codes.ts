import type { MatchErrorCode } from "../match/errors.ts";

/**
 * Every code a refusal may carry, in one place (docs/PROTOCOL.md, "Errors" and "HTTP"): the server types
 * what it sends with these, and a test checks that each is documented, so that the server, the client and
 * the document cannot drift apart one code at a time.
 */

/** The room's own codes of the `error` message, for what is refused before the rules are asked. */
const ROOM_CODES = [
  "bad-message",
  "unknown-message",
  "rate-limited",
  "not-seated",
  "animating",
  "not-recorded",
  "bad-frame",
  "internal",
  "spectators-full",
  "account-required",
  "not-your-seat",
] as const;

/**
 * The rules' refusals, which reach the player unchanged. A record rather than a list so that the compiler
 * holds it to the rules' own type both ways: a code the rules gain is missing here until it is listed.
 */
const RULE_CODES: Readonly<Record<MatchErrorCode, true>> = {
  "not-a-player": true,
  "unknown-action": true,
  "match-over": true,
  "wrong-phase": true,
  "not-your-turn": true,
  "stale-shot": true,
  "cue-ball-not-on-table": true,
  "cue-not-in-hand": true,
  "place-required": true,
  "place-not-allowed": true,
  "opening-cue-not-in-house": true,
  "placement-overlaps": true,
  "draw-invalid": true,
  "no-offer": true,
  "offer-taken": true,
  "no-cue-ball": true,
  "seat-taken": true,
  "seat-empty": true,
  "sit-invalid": true,
  "rematch-already-asked": true,
  "record-format": true,
  "record-corrupt": true,
  "lag-invalid": true,
  "lag-not-in-house": true,
  "lag-wrong-side": true,
  "lag-already-sent": true,
  "lag-result-missing": true,
  "lag-result-unexpected": true,
  "stroke-invalid-angle": true,
  "stroke-invalid-speed": true,
  "stroke-invalid-offset": true,
  "call-not-a-list": true,
  "call-too-many": true,
  "call-unknown-ball": true,
  "call-ball-not-on-table": true,
  "call-same-ball-twice": true,
  "call-unknown-pocket": true,
  "call-unknown-way": true,
  "call-coloured-outside-last-ball": true,
};

/** A code of the table's `error` message: the room's own or the rules'. */
export type ErrorCode = (typeof ROOM_CODES)[number] | MatchErrorCode;

export const ERROR_CODES: readonly ErrorCode[] = [...ROOM_CODES, ...(Object.keys(RULE_CODES) as MatchErrorCode[])];

/** The `error` of a JSON answer over HTTP: the front door's, matchmaking's, the match pages' and APIs'. */
export const HTTP_ERROR_CODES = [
  // Any request (the front door, Node's parser, the last handlers).
  "rate-limited",
  "body-too-large",
  "request-timeout",
  "headers-too-large",
  "bad-request",
  "not-found",
  "internal",
  // Matchmaking.
  "bad-json",
  "bad-options",
  "too-many-waiting-tables",
  "bad-reconnection",
  "no-such-table",
  "refused",
  "reconnection-expired",
  "forbidden",
  "gone",
  "too-many",
  "unavailable",
  // The match pages and /api/matches.
  "bad-id",
  "bad-shot",
  "bad-query",
  "no-such-shot",
  "no-scenario",
  "busy",
  // A match's analysis (GET /api/matches/:id/analysis).
  "not-finished",
  "no-analysis",
  "analysis-busy",
  "too-many-analyses",
  "analysis-failed",
  // A table's code whose table is gone (/api/tables).
  "bad-code",
  "no-match",
  // The practice table.
  "not-json",
  "bad-position",
  "no-hint",
  // Accounts (/api/me, /api/players, /api/friends, /api/passkeys, /api/challenges) and rated tables.
  "no-session",
  "bad-origin",
  "account-required",
  "bad-body",
  "bad-name",
  "no-such-player",
  "oneself",
  "too-many-friends",
  "no-such-passkey",
  "passkey-refused",
  "no-such-challenge",
  "challenge-pending",
  "too-many-challenges",
  "challenge-closed",
  "too-many-streams",
  // Offline matches (/api/offline-matches).
  "not-finished",
  "not-verified",
  "already-kept",
] as const;

export type HttpErrorCode = (typeof HTTP_ERROR_CODES)[number];

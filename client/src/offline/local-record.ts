import type { MatchState, RecordHeader, TableSettings } from "@habibka/shared/match";
import { RECORD_FORMAT } from "@habibka/shared/match";
import { DEFAULT_SEAT_HOLD_SECONDS } from "@habibka/shared/protocol";
import type { LocalTableRequest } from "./local-table.ts";
import type { OfflineResult } from "./match-store.ts";

/** The record of a match in the page: its header, its seats' tokens, and its result as the store lists it. */

export function newHeader(request: Extract<LocalTableRequest, { kind: "new" }>, now: number): RecordHeader {
  const settings: TableSettings = {
    visibility: "private",
    opening: request.opening,
    shotClock: 0,
    seatHoldSeconds: DEFAULT_SEAT_HOLD_SECONDS,
    spectatorCap: 0,
    opponent: "computer",
    level: request.level,
    pace: request.pace,
  };
  const seed = crypto.getRandomValues(new Uint32Array(1))[0]! >>> 1;
  return { format: RECORD_FORMAT, matchId: crypto.randomUUID(), code: "", settings, seed, createdAt: now };
}

/** A seat's token: nobody comes back to a seat here by token, but a `sit` carries one. */
export function seatToken(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function resultOf(match: MatchState, at: number): OfflineResult | null {
  if (match.phase !== "finished" || !match.end) return null;
  return {
    winner: match.winner,
    reason: match.end,
    shelves: [match.shelves[0].length, match.shelves[1].length],
    finishedAt: at,
  };
}

import type { MatchView } from "@habibka/shared/pipeline";
import type { Seating } from "./seating.ts";

/** What the lobby lists for a public table (docs/PROTOCOL.md, "The lobby"). */
export interface LobbyMetadata {
  readonly code: string;
  readonly players: readonly [string | null, string | null];
  readonly score: readonly [number, number];
  readonly spectators: number;
  readonly phase: string;
}

export function lobbyMetadata(code: string, seating: Seating, view: MatchView, started: boolean): LobbyMetadata {
  return {
    code,
    players: [seating.seats[0]?.name ?? null, seating.seats[1]?.name ?? null],
    score: [view.shelves[0].length, view.shelves[1].length],
    spectators: seating.spectators.size,
    phase: started ? view.phase : "waiting",
  };
}

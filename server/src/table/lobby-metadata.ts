import type { MatchState } from "@habibka/shared/match";
import type { MatchView } from "@habibka/shared/pipeline";
import type { LobbyTable } from "@habibka/shared/protocol";
import type { Seating } from "./seating.ts";

export function lobbyMetadata(code: string, match: MatchState, seating: Seating, view: MatchView): LobbyTable {
  return {
    code,
    players: [match.seats[0]?.name ?? null, match.seats[1]?.name ?? null],
    score: [view.shelves[0].length, view.shelves[1].length],
    spectators: seating.spectators.size,
    phase: view.phase,
  };
}

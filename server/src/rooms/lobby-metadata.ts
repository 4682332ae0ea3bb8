import type { MatchView } from "@habibka/shared/pipeline";
import type { LobbyTable } from "@habibka/shared/protocol";
import type { Seating } from "./seating.ts";

export function lobbyMetadata(code: string, seating: Seating, view: MatchView, started: boolean): LobbyTable {
  return {
    code,
    players: [seating.seats[0]?.name ?? null, seating.seats[1]?.name ?? null],
    score: [view.shelves[0].length, view.shelves[1].length],
    spectators: seating.spectators.size,
    phase: started ? view.phase : "waiting",
  };
}

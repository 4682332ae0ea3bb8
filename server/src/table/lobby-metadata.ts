import type { MatchState } from "@habibka/shared/match";
import type { MatchView } from "@habibka/shared/pipeline";
import type { LobbyTable } from "@habibka/shared/protocol";
import type { SeatAccounts } from "./seat-accounts.ts";
import type { Seating } from "./seating.ts";

export function lobbyMetadata(
  code: string,
  match: MatchState,
  seating: Seating,
  view: MatchView,
  accounts: SeatAccounts,
  rated: boolean,
): LobbyTable {
  const [first, second] = match.seats;
  return {
    code,
    players: [first?.name ?? null, second?.name ?? null],
    score: [view.shelves[0].length, view.shelves[1].length],
    spectators: seating.spectators.size,
    phase: view.phase,
    rated,
    accounts: [first?.account ?? null, second?.account ?? null],
    ratings: [accounts.ratingOf(first?.account), accounts.ratingOf(second?.account)],
  };
}

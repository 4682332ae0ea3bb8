import type { MatchState, RecordHeader } from "@habibka/shared/match";
import { viewMatch } from "@habibka/shared/pipeline";
import { ALL_BALLS, FOOT_SPOT } from "@habibka/shared/table";
import type { SyncedState } from "../net/table-snapshot.ts";

/**
 * The synced state of a table played in this browser, as plain data the page reads exactly as it reads a
 * server's (`snapshotOf`): what the server's state mirror (server/src/table/state-mirror.ts) writes into its
 * schema, for a table whose two seats are always taken and present, with no clock and nobody watching.
 */

type PlayerData =
  NonNullable<SyncedState["players"]> extends { forEach(cb: (value: infer P, key: string) => void): void } ? P : never;

/** A SyncedState whose maps are real Maps, which a worker's message carries as they are. */
export type LocalState = SyncedState & {
  readonly players: Map<string, PlayerData>;
  readonly spectators: Map<string, { name: string }>;
};

export function localState(header: RecordHeader, match: MatchState, animating: boolean): LocalState {
  const view = viewMatch(match);
  const onTable = new Map(view.table.map((b) => [b.id, b]));
  // Until the opening shot is due, the apex ball is shown where it was racked (clause 5), as the server shows it.
  if (view.inHand !== null && (view.phase === "waiting" || view.phase === "lag")) {
    onTable.set(view.inHand, { id: view.inHand, x: FOOT_SPOT.x, y: FOOT_SPOT.y });
  }
  const players = new Map<string, PlayerData>();
  for (const seat of [0, 1] as const) {
    const holder = match.seats[seat];
    if (!holder) continue;
    players.set(String(seat), {
      name: holder.name,
      seat,
      connected: true,
      shelf: [...view.shelves[seat]],
      debt: view.debts[seat],
      holdLeft: 0,
      computer: header.settings.opponent === "computer" && seat === 1,
    });
  }
  const { settings } = header;
  return {
    code: "",
    visibility: settings.visibility,
    opponent: settings.opponent ?? "person",
    level: settings.level ?? "",
    opening: settings.opening,
    shotClock: 0,
    clockLeftMs: 0,
    clockSetting: 0,
    matchId: header.matchId,
    phase: view.phase,
    toMove: view.toMove ?? -1,
    offer: view.offer,
    shotNumber: view.shotNumber,
    lastBall: view.lastBall,
    animating,
    winner: view.winner ?? -1,
    finishReason: view.finishReason,
    lagSent: [...view.lagSent],
    rematch: [...view.rematch],
    balls: ALL_BALLS.map((id) => {
      const at = onTable.get(id);
      return { id, x: at?.x ?? 0, y: at?.y ?? 0, onTable: at !== undefined };
    }),
    players,
    spectators: new Map(),
  };
}

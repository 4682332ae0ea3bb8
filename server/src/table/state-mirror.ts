import type { SeatHolder } from "@habibka/shared/match";
import type { MatchView } from "@habibka/shared/pipeline";
import type { Pair } from "@habibka/shared/rules";
import { BallState, PlayerState, SpectatorState, TableState } from "@habibka/shared/state";
import { ALL_BALLS, FOOT_SPOT } from "@habibka/shared/table";
import type { SeatAccounts } from "./seat-accounts.ts";
import type { Seating } from "./seating.ts";

/** A fresh synced state: the 16 balls (positions come with the first mirror) and two-element flag arrays. */
export function createSyncedState(): TableState {
  const state = new TableState();
  state.animating = false;
  for (const id of ALL_BALLS) state.balls.push(new BallState({ id, x: 0, y: 0, onTable: false }));
  state.lagSent.push(false, false);
  state.rematch.push(false, false);
  return state;
}

/**
 * Copies the shared match value into the synced schema. Only changed fields produce patches, so writing
 * every field each time costs nothing on the wire for the ones that did not change.
 */
export function mirrorMatch(state: TableState, view: MatchView): void {
  state.phase = view.phase;
  state.toMove = view.toMove ?? -1;
  state.offer = view.offer;
  state.shotNumber = view.shotNumber;
  state.lastBall = view.lastBall;
  state.winner = view.winner ?? -1;
  state.finishReason = view.finishReason;
  for (const seat of [0, 1] as const) {
    state.lagSent[seat] = view.lagSent[seat];
    state.rematch[seat] = view.rematch[seat];
  }
  const onTable = new Map(view.table.map((b) => [b.id, b]));
  // Until the opening shot is due, the apex ball is shown where it was racked (clause 5): it is taken in
  // hand only for the opening shot.
  if (view.inHand !== null && (state.phase === "waiting" || state.phase === "lag")) {
    onTable.set(view.inHand, { id: view.inHand, x: FOOT_SPOT.x, y: FOOT_SPOT.y });
  }
  for (const ball of state.balls) {
    const position = onTable.get(ball.id);
    ball.onTable = position !== undefined;
    if (position) {
      ball.x = position.x;
      ball.y = position.y;
    }
  }
  for (const seat of [0, 1] as const) {
    const player = state.players.get(String(seat));
    if (!player) continue;
    syncShelf(player, view.shelves[seat]);
    player.debt = view.debts[seat];
  }
}

function syncShelf(player: PlayerState, shelf: readonly number[]): void {
  const same = player.shelf.length === shelf.length && shelf.every((id, i) => player.shelf[i] === id);
  if (same) return;
  player.shelf.clear();
  player.shelf.push(...shelf);
}

/**
 * Mirrors who sits where (with his account and its rating) and who watches. A seat stays listed while it is
 * held for an absent player.
 */
export function mirrorSeats(
  state: TableState,
  seats: Pair<SeatHolder | null>,
  seating: Seating,
  accounts: SeatAccounts,
): void {
  for (const seat of [0, 1] as const) {
    const key = String(seat);
    const held = seats[seat];
    if (!held) {
      state.players.delete(key);
      continue;
    }
    let player = state.players.get(key);
    if (!player) {
      player = new PlayerState({
        name: held.name,
        seat,
        connected: true,
        debt: 0,
        holdLeft: 0,
        computer: false,
        account: "",
        rating: 0,
        provisional: false,
      });
      state.players.set(key, player);
    }
    player.name = held.name;
    player.connected = seating.isPresent(seat);
    player.computer = seating.isComputer(seat);
    const rating = accounts.ratingOf(held.account);
    player.account = held.account ?? "";
    player.rating = rating ? Math.min(65_535, Math.max(0, rating.value)) : 0;
    player.provisional = rating?.provisional ?? false;
  }
  for (const sessionId of [...state.spectators.keys()]) {
    if (!seating.spectators.has(sessionId)) state.spectators.delete(sessionId);
  }
  for (const [sessionId, name] of seating.spectators) {
    if (!state.spectators.has(sessionId)) state.spectators.set(sessionId, new SpectatorState({ name }));
  }
}

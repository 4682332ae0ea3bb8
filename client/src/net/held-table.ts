import type { TableSnapshot } from "./table-snapshot.ts";

/**
 * What the page shows while a shot plays: the match exactly as it was before the stroke (the table, the
 * score and shelves, debts, whose turn, any offer), so that nothing of the verdict shows before the balls
 * have stopped on this screen; when the playback ends or is skipped, the synced state shows at once. Who is
 * connected and who watches are not part of a shot's result: those stay live.
 */
export function shownSnapshot(live: TableSnapshot, held: TableSnapshot | null): TableSnapshot {
  if (!held || held.matchId !== live.matchId) return live;
  return {
    ...held,
    animating: live.animating,
    spectators: live.spectators,
    players: [presence(held, live, 0), presence(held, live, 1)],
  };
}

function presence(held: TableSnapshot, live: TableSnapshot, seat: 0 | 1): TableSnapshot["players"][0] {
  const before = held.players[seat];
  const now = live.players[seat];
  if (!before || !now) return now;
  return { ...before, name: now.name, connected: now.connected, holdLeft: now.holdLeft };
}

/**
 * The snapshot to hold when shot `number` arrives: the synced state as it stands, unless it already shows
 * the shot's result (a page that joined while the shot was rolling has nothing older to show).
 */
export function snapshotToHold(live: TableSnapshot, number: number): TableSnapshot | null {
  return live.matchId !== "" && live.shotNumber <= number ? live : null;
}

/** The log while a shot plays: everything but that shot, whose verdict waits for the balls. */
export function shownRecords<T>(records: readonly T[], playing: T | null): readonly T[] {
  return playing ? records.filter((r) => r !== playing) : records;
}

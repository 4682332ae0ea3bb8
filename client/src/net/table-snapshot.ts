/** What the view needs from the synced state, as plain data (the SDK's decoded schema objects are live). */
export interface BallView {
  readonly id: number;
  readonly x: number;
  readonly y: number;
  readonly onTable: boolean;
}

export interface PlayerView {
  readonly sessionId: string;
  readonly name: string;
  readonly seat: number;
  readonly connected: boolean;
}

export interface TableSnapshot {
  readonly balls: readonly BallView[];
  readonly players: readonly PlayerView[];
}

interface SyncedState {
  balls: Iterable<BallView>;
  players: { forEach(cb: (player: Omit<PlayerView, "sessionId">, key: string) => void): void };
}

export function snapshotOf(state: SyncedState): TableSnapshot {
  const balls = [...state.balls].map(({ id, x, y, onTable }) => ({ id, x, y, onTable }));
  const players: PlayerView[] = [];
  state.players.forEach((p, sessionId) => {
    players.push({ sessionId, name: p.name, seat: p.seat, connected: p.connected });
  });
  players.sort((a, b) => a.seat - b.seat);
  return { balls, players };
}

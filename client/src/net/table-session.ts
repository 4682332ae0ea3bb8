import type { Room } from "@colyseus/sdk";
import { MatchState } from "@habibka/shared/state";
import { gameServerEndpoint } from "./endpoint.ts";
import { gameClient } from "./game-client.ts";
import { fetchMatchShots } from "./match-history.ts";
import type {
  AimBroadcast,
  ChatBroadcast,
  ErrorMessage,
  OutgoingMessages,
  ShotBroadcast,
  WelcomeMessage,
} from "./messages.ts";
import { loadSeatToken, rememberRole, saveSeatToken } from "./seat-tokens.ts";
import { type BallView, EMPTY_SNAPSHOT, snapshotOf, type TableSnapshot } from "./table-snapshot.ts";

/**
 * One table as this page sees it: the Colyseus room, the synced state as plain snapshots, and what the
 * messages tell (welcome, shots, aims, chat, errors). Plain TypeScript with a subscribe/getState pair, so
 * React reads it through useSyncExternalStore and nothing here depends on a component's lifetime.
 */

export interface CreateTarget {
  readonly kind: "create";
  readonly visibility: "public" | "private";
  readonly opening: "lag" | "draw";
  readonly shotClock: 0 | 30 | 60 | 90;
}

export interface JoinTarget {
  readonly kind: "join";
  readonly code: string;
  readonly watch: boolean;
}

export type SessionTarget = CreateTarget | JoinTarget;

export type ConnectionStatus =
  | { readonly kind: "connecting" }
  | { readonly kind: "joined" }
  | { readonly kind: "reconnecting" }
  | { readonly kind: "taken-over" }
  | { readonly kind: "closed"; readonly code: number }
  | { readonly kind: "error"; readonly message: string };

/**
 * A received shot, with the table as it was shown when it arrived (so it can be replayed exactly); null for
 * a shot read from the match record, which has no table to replay on.
 */
export interface ShotRecord {
  readonly message: ShotBroadcast;
  readonly before: readonly BallView[] | null;
}

export interface Playback {
  readonly record: ShotRecord;
  /** performance.now() when playback (re)started. */
  readonly startedAt: number;
  /** Milliseconds of the shot already gone at `startedAt`. */
  readonly elapsed: number;
  readonly replay: boolean;
}

export interface SessionState {
  readonly status: ConnectionStatus;
  readonly code: string;
  readonly role: "player" | "spectator" | null;
  readonly seat: 0 | 1 | null;
  readonly snapshot: TableSnapshot;
  readonly shots: readonly ShotRecord[];
  readonly playback: Playback | null;
  readonly aim: AimBroadcast | null;
  readonly chat: readonly ChatBroadcast[];
  readonly error: (ErrorMessage & { readonly id: number }) | null;
}

const INITIAL: SessionState = {
  status: { kind: "connecting" },
  code: "",
  role: null,
  seat: null,
  snapshot: EMPTY_SNAPSHOT,
  shots: [],
  playback: null,
  aim: null,
  chat: [],
  error: null,
};

/** Close codes after which the page must not rejoin on its own (docs/PROTOCOL.md). */
const FINAL_CLOSES = new Set([1000, 4000, 4001, 4400]);
const CHAT_KEEP = 200;

export class TableSession {
  #state: SessionState = INITIAL;
  #listeners = new Set<() => void>();
  #room: Room<unknown, MatchState> | null = null;
  #closed = false;
  #errorId = 0;
  #rejoinAttempts = 0;
  readonly #name: string;

  constructor(name: string) {
    this.#name = name;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getState = (): SessionState => this.#state;

  #set(patch: Partial<SessionState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const listener of this.#listeners) listener();
  }

  async open(target: SessionTarget): Promise<void> {
    const client = gameClient();
    try {
      let room: Room<unknown, MatchState>;
      if (target.kind === "create") {
        room = await client.create(
          "habibka",
          {
            name: this.#name,
            visibility: target.visibility,
            opening: target.opening,
            shotClock: target.shotClock,
          },
          MatchState,
        );
      } else {
        const seatToken = target.watch ? undefined : loadSeatToken(target.code);
        room = await client.joinById(
          target.code,
          { name: this.#name, watch: target.watch, ...(seatToken ? { seatToken } : {}) },
          MatchState,
        );
      }
      if (this.#closed) {
        void room.leave();
        return;
      }
      this.#attach(room);
    } catch (error) {
      this.#set({ status: { kind: "error", message: error instanceof Error ? error.message : String(error) } });
    }
  }

  #attach(room: Room<unknown, MatchState>): void {
    this.#room = room;
    this.#rejoinAttempts = 0;
    this.#set({ status: { kind: "joined" }, code: room.roomId });
    room.onMessage("welcome", (welcome: WelcomeMessage) => {
      if (welcome.seatToken) saveSeatToken(room.roomId, welcome.seatToken);
      rememberRole(room.roomId, welcome.role);
      this.#set({ role: welcome.role, seat: welcome.seat });
    });
    room.onMessage("shot", (shot: ShotBroadcast) => this.#onShot(shot));
    room.onMessage("aim", (aim: AimBroadcast) => this.#set({ aim }));
    room.onMessage("chat", (line: ChatBroadcast) => this.#set({ chat: [...this.#state.chat, line].slice(-CHAT_KEEP) }));
    room.onMessage("error", (error: ErrorMessage) => this.#set({ error: { ...error, id: ++this.#errorId } }));
    room.onStateChange((state) => {
      const snapshot = snapshotOf(state);
      const before = this.#state.snapshot;
      // A new turn or a new match clears the last relayed aim: it belonged to the previous striker.
      const aim =
        snapshot.shotNumber !== before.shotNumber || snapshot.toMove !== before.toMove ? null : this.#state.aim;
      const newMatch = snapshot.matchId !== before.matchId;
      const shots = newMatch && before.matchId !== "" ? [] : this.#state.shots;
      this.#set({ snapshot, aim, shots });
      if (newMatch && snapshot.matchId) void this.#loadHistory(snapshot.matchId);
    });
    room.onDrop(() => this.#set({ status: { kind: "reconnecting" } }));
    room.onReconnect(() => this.#set({ status: { kind: "joined" } }));
    room.onLeave((code) => this.#onLeave(code));
  }

  async #loadHistory(matchId: string): Promise<void> {
    let recorded: ShotBroadcast[];
    try {
      recorded = await fetchMatchShots(gameServerEndpoint(), matchId);
    } catch {
      return;
    }
    if (this.#closed || this.#state.snapshot.matchId !== matchId) return;
    const live = this.#state.shots;
    const seen = new Set(live.map((s) => `${s.message.kind}/${s.message.number}`));
    const older = recorded
      .filter((m) => !seen.has(`${m.kind}/${m.number}`))
      .map((message) => ({ message, before: tableAtStroke(message) }));
    const shots = [...older, ...live].sort((a, b) => a.message.number - b.message.number);
    this.#set({ shots });
  }

  #onShot(message: ShotBroadcast): void {
    const record: ShotRecord = { message, before: tableAtStroke(message) };
    const shots = [
      ...this.#state.shots.filter((s) => s.message.number !== message.number || s.message.kind !== message.kind),
      record,
    ];
    const playback: Playback | null = message.trace
      ? { record, startedAt: performance.now(), elapsed: message.elapsed ?? 0, replay: false }
      : this.#state.playback;
    this.#set({ shots, playback, aim: null });
  }

  #onLeave(code: number): void {
    this.#room = null;
    if (this.#closed) return;
    if (code === 4001) {
      this.#set({ status: { kind: "taken-over" } });
      return;
    }
    if (FINAL_CLOSES.has(code)) {
      this.#set({ status: { kind: "closed", code } });
      return;
    }
    // The SDK's own reconnection gave up: rejoin with the seat token (docs/PROTOCOL.md, Reconnection).
    this.#set({ status: { kind: "reconnecting" } });
    void this.#rejoin();
  }

  async #rejoin(): Promise<void> {
    const code = this.#state.code;
    while (!this.#closed && this.#rejoinAttempts < 8) {
      this.#rejoinAttempts++;
      await new Promise((resolve) => setTimeout(resolve, Math.min(8000, 500 * 2 ** this.#rejoinAttempts)));
      try {
        const seatToken = loadSeatToken(code);
        const room = await gameClient().joinById(
          code,
          { name: this.#name, watch: this.#state.role === "spectator", ...(seatToken ? { seatToken } : {}) },
          MatchState,
        );
        if (this.#closed) {
          void room.leave();
          return;
        }
        this.#attach(room);
        return;
      } catch {
        // try again after the back-off
      }
    }
    if (!this.#closed) this.#set({ status: { kind: "closed", code: 0 } });
  }

  send<K extends keyof OutgoingMessages & string>(type: K, payload: OutgoingMessages[K]): void {
    this.#room?.send(type, payload);
  }

  replay(record: ShotRecord): void {
    if (!record.message.trace || !record.before) return;
    this.#set({ playback: { record, startedAt: performance.now(), elapsed: 0, replay: true } });
  }

  /** Ends the playback (its last frame was shown, or the player skipped it). */
  endPlayback(): void {
    if (this.#state.playback) this.#set({ playback: null });
  }

  clearError(): void {
    if (this.#state.error) this.#set({ error: null });
  }

  close(): void {
    this.#closed = true;
    void this.#room?.leave(true);
    this.#room = null;
  }
}

/**
 * The balls a replay draws: the table at the stroke as the server sent it (the balls the trace does not move
 * stay there; the lag is played on an empty table, I21, so only its two balls). Null when it is unknown
 * (a record written before the server kept it): such a shot is listed but not replayed.
 */
function tableAtStroke(message: ShotBroadcast): readonly BallView[] | null {
  if (message.before.length === 0 && message.kind !== "clock") return null;
  return message.before.map((b) => ({ id: b.id, x: b.x, y: b.y, onTable: true }));
}

import { awaitsSeenFrom } from "@habibka/shared/protocol";
import { TableState } from "@habibka/shared/state";
import { type ConnectionEvent, nextStatus, waitBeforeAttempt } from "./connection-status.ts";
import { gameServerEndpoint } from "./endpoint.ts";
import { CreateRefused, createTable, gameClient } from "./game-client.ts";
import { shownRecords, shownSnapshot, snapshotToHold } from "./held-table.ts";
import { joinRefusalCode } from "./join-refusal.ts";
import { fetchMatchShots } from "./match-history.ts";
import type {
  ActionBroadcast,
  AimBroadcast,
  ChatBroadcast,
  ErrorMessage,
  OutgoingMessages,
  ShotBroadcast,
  WelcomeMessage,
} from "./messages.ts";
import { loadSeatToken, rememberRole, saveSeatToken } from "./seat-tokens.ts";
import { loadSeries, saveSeries, withResult } from "./series.ts";
import type { SessionPort } from "./session-port.ts";
import { INITIAL_SESSION, type SessionState } from "./session-state.ts";
import type { SessionTarget } from "./session-target.ts";
import { type ShotRecord, situationAtStroke, tableAtStroke } from "./shot-record.ts";
import type { TableRoom } from "./table-room.ts";
import { snapshotOf, type TableSnapshot } from "./table-snapshot.ts";

/**
 * One table as this page sees it: the Colyseus room, the synced state as plain snapshots, and what the
 * messages tell (welcome, shots, aims, chat, errors). Plain TypeScript with a subscribe/getState pair, so
 * React reads it through useSyncExternalStore and nothing here depends on a component's lifetime. What it
 * holds is session-state.ts; the shots it keeps, shot-record.ts; what it opens, session-target.ts.
 */

const CHAT_KEEP = 200;

export class TableSession implements SessionPort {
  #state: SessionState = INITIAL_SESSION;
  #listeners = new Set<() => void>();
  #room: TableRoom | null = null;
  #closed = false;
  #errorId = 0;
  /** How this page sat down, so that coming back by itself takes the same place: a seat, or watching. */
  #watch = false;
  /** Counts the rejoin loops started: a loop that is no longer the latest stops. */
  #rejoinRun = 0;
  /** A shot whose playback ended before the synced state showed its result: `seen` waits for it. */
  #seenPending: number | null = null;
  /** A server that predates `seen` refuses it as unknown: once told so, the page stops sending it. */
  #seenKnown = true;
  #historyFor = "";
  /** This page's join asked for a seat: a spectator's welcome then means both seats were taken. */
  #askedToSit = false;
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
    const next = { ...this.#state, ...patch };
    const playing = next.playback && !next.playback.replay ? next.playback.record : null;
    this.#state = {
      ...next,
      snapshot: shownSnapshot(next.live, next.held),
      shotsShown: shownRecords(next.shots, playing),
    };
    for (const listener of this.#listeners) listener();
  }

  #step(event: ConnectionEvent): void {
    const status = nextStatus(this.#state.status, event);
    if (status !== this.#state.status) this.#set({ status });
  }

  async open(target: SessionTarget): Promise<void> {
    const client = gameClient();
    this.#watch = target.kind === "join" && target.watch;
    this.#askedToSit = target.kind === "join" && !target.watch;
    try {
      let room: TableRoom;
      if (target.kind === "local") {
        // A table against the computer in this page, without the server: its code loads only then.
        const { openLocalRoom } = await import("../offline/local-room.ts");
        room = await openLocalRoom(target, this.#name);
      } else if (target.kind === "create") {
        room = await createTable({
          name: this.#name,
          visibility: target.visibility,
          opening: target.opening,
          shotClock: target.shotClock,
          // Only when asked: a table that is not rated says nothing, as before ratings existed.
          ...(target.rated ? { rated: true } : {}),
        });
      } else if (target.kind === "computer") {
        room = await createTable({ name: this.#name, opponent: "computer", level: target.level, pace: target.pace });
      } else {
        const seatToken = target.watch ? undefined : loadSeatToken(target.code);
        room = await client.joinById(
          target.code,
          { name: this.#name, watch: target.watch, ...(seatToken ? { seatToken } : {}) },
          TableState,
        );
      }
      if (this.#closed) {
        void room.leave();
        return;
      }
      this.#attach(room);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const joinCode = joinRefusalCode(error);
      const refusal =
        error instanceof CreateRefused
          ? { code: error.code, limit: error.limit }
          : joinCode === undefined
            ? {}
            : { code: joinCode };
      this.#step({ type: "open-failed", message, ...refusal });
    }
  }

  #attach(room: TableRoom): void {
    this.#room = room;
    // Shots recorded while this page was away (a server that stopped between recording and telling) are in
    // the match record: read it again once the state is back.
    this.#historyFor = "";
    this.#set({ code: room.roomId, series: loadSeries(room.roomId) });
    this.#step({ type: "joined" });
    room.onMessage("welcome", (welcome: WelcomeMessage) => {
      if (welcome.seatToken) saveSeatToken(room.roomId, welcome.seatToken);
      rememberRole(room.roomId, welcome.role);
      this.#watch = welcome.role === "spectator";
      const seatsTaken = this.#askedToSit && welcome.role === "spectator";
      this.#askedToSit = false;
      // The room's recent chat comes with every welcome, a rejoin's too: it replaces what this page kept.
      this.#set({ role: welcome.role, seat: welcome.seat, chat: [...(welcome.chat ?? [])], seatsTaken });
    });
    room.onMessage("shot", (shot: ShotBroadcast) => this.#onShot(shot));
    room.onMessage("action", (action: ActionBroadcast) => this.#set({ actions: [...this.#state.actions, action] }));
    room.onMessage("aim", (aim: AimBroadcast) => this.#set({ aim }));
    room.onMessage("chat", (line: ChatBroadcast) => this.#set({ chat: [...this.#state.chat, line].slice(-CHAT_KEEP) }));
    room.onMessage("error", (error: ErrorMessage) => {
      // `seen` only saves the players time: a refused one (a newer shot already came) changes nothing.
      if (error.type === "seen") {
        if (error.code === "unknown-message") this.#seenKnown = false;
        return;
      }
      this.#set({ error: { ...error, id: ++this.#errorId } });
    });
    room.onStateChange((state) => this.#onState(snapshotOf(state)));
    room.onDrop(() => this.#step({ type: "dropped" }));
    room.onReconnect(() => this.#step({ type: "reconnected" }));
    room.onLeave((code) => this.#onLeave(code));
  }

  #onState(snapshot: TableSnapshot): void {
    const before = this.#state.live;
    // A new turn or a new match clears the last relayed aim: it belonged to the previous striker.
    const aim = snapshot.shotNumber !== before.shotNumber || snapshot.toMove !== before.toMove ? null : this.#state.aim;
    const newMatch = snapshot.matchId !== before.matchId && before.matchId !== "";
    this.#set({
      live: snapshot,
      aim,
      ...(newMatch ? { shots: [], actions: [], held: null } : {}),
    });
    if (this.#seenPending !== null && snapshot.shotNumber > this.#seenPending) this.#sendSeen(snapshot.shotNumber);
    const winner = snapshot.phase === "finished" ? snapshot.players[snapshot.winner]?.name : undefined;
    if (winner && snapshot.matchId) {
      const series = withResult(this.#state.series, snapshot.matchId, winner);
      if (series !== this.#state.series) {
        saveSeries(this.#state.code, series);
        this.#set({ series });
      }
    }
    // The record exists once both players sit, and holds shots only after the first one: asking earlier
    // would only be answered "not found".
    if (snapshot.matchId !== this.#historyFor && snapshot.phase !== "waiting" && snapshot.shotNumber > 1) {
      this.#historyFor = snapshot.matchId;
      void this.#loadHistory(snapshot.matchId);
    }
  }

  async #loadHistory(matchId: string): Promise<void> {
    let recorded: ShotBroadcast[];
    try {
      recorded = await (this.#room?.shots?.(matchId) ?? fetchMatchShots(gameServerEndpoint(), matchId));
    } catch {
      return;
    }
    if (this.#closed || this.#state.live.matchId !== matchId) return;
    const live = this.#state.shots;
    const seen = new Set(live.map((s) => `${s.message.kind}/${s.message.number}`));
    const older = recorded
      .filter((m) => !seen.has(`${m.kind}/${m.number}`))
      .map((message) => ({ message, before: tableAtStroke(message), situation: null }));
    const shots = [...older, ...live].sort((a, b) => a.message.number - b.message.number);
    this.#set({ shots });
  }

  #onShot(message: ShotBroadcast): void {
    const record: ShotRecord = {
      message,
      before: tableAtStroke(message),
      situation: situationAtStroke(this.#state.live, message),
    };
    const shots = [
      ...this.#state.shots.filter((s) => s.message.number !== message.number || s.message.kind !== message.kind),
      record,
    ];
    if (!message.trace) {
      this.#set({ shots, aim: null });
      return;
    }
    // A new shot ends any playback still running here: its balls start where the last one left them.
    this.#seenPending = null;
    this.#set({
      shots,
      aim: null,
      playback: { record, startedAt: performance.now(), elapsed: message.elapsed ?? 0, replay: false },
      held: snapshotToHold(this.#state.live, message.number),
    });
  }

  /** Tells the server this player has seen the latest shot, so the next one need not wait for its clock. */
  #sendSeen(shotNumber: number): void {
    this.#seenPending = null;
    const { role, seat, live } = this.#state;
    if (role !== "player" || seat === null || !this.#seenKnown) return;
    // Only the seat the table waits for: the other's `seen` would cost the server a message for nothing.
    if (awaitsSeenFrom(seat, live.toMove, (s) => live.players[s]?.computer === true)) this.send("seen", { shotNumber });
  }

  #onLeave(code: number): void {
    this.#room = null;
    if (this.#closed) return;
    this.#step({ type: "left", code, finished: this.#state.live.phase === "finished", at: Date.now() });
    void this.#rejoin();
  }

  /**
   * Joins the table again by its code while the status says so (docs/PROTOCOL.md, "Close codes" and
   * "Reconnection"): with the stored seat token, or watching, with a growing pause, until the deadline.
   */
  async #rejoin(): Promise<void> {
    const run = ++this.#rejoinRun;
    const code = this.#state.code;
    for (;;) {
      const wait = waitBeforeAttempt(this.#state.status, Date.now());
      if (wait === null || this.#closed || run !== this.#rejoinRun) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (this.#closed || run !== this.#rejoinRun) return;
      try {
        const seatToken = this.#watch ? undefined : loadSeatToken(code);
        const room = await gameClient().joinById(
          code,
          { name: this.#name, watch: this.#watch, ...(seatToken ? { seatToken } : {}) },
          TableState,
        );
        if (this.#closed || run !== this.#rejoinRun) {
          void room.leave();
          return;
        }
        this.#attach(room);
        return;
      } catch {
        if (run === this.#rejoinRun) this.#step({ type: "attempt-failed", at: Date.now() });
      }
    }
  }

  /** After the page gave up coming back: tries again, for as long again. */
  retry(): void {
    this.#step({ type: "retry", at: Date.now() });
    void this.#rejoin();
  }

  /** Sends to the table; false while there is no room to send to (joining, or joining again). */
  send<K extends keyof OutgoingMessages & string>(type: K, payload: OutgoingMessages[K]): boolean {
    if (!this.#room) return false;
    this.#room.send(type, payload);
    return true;
  }

  replay(record: ShotRecord): void {
    if (!record.message.trace || !record.before) return;
    if (this.#state.playback && !this.#state.playback.replay) this.endPlayback();
    this.#set({ playback: { record, startedAt: performance.now(), elapsed: 0, replay: true } });
  }

  /**
   * Ends the playback (its last frame was shown, or the player skipped it): the synced state shows at once,
   * and a seated player tells the server, once the state shows the shot's result.
   */
  endPlayback(): void {
    const playback = this.#state.playback;
    if (!playback) return;
    this.#set({ playback: null, held: null });
    if (playback.replay) return;
    const number = playback.record.message.number;
    if (this.#state.live.shotNumber > number) this.#sendSeen(this.#state.live.shotNumber);
    else this.#seenPending = number;
  }

  /** The player read that the seats were taken and stays to watch. */
  watchInstead(): void {
    if (this.#state.seatsTaken) this.#set({ seatsTaken: false });
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

import { Client, type Room } from "@colyseus/sdk";
import { awaitsSeenFrom, type ShotBroadcast } from "@habibka/shared/protocol";

/**
 * One match of the load test: two scripted players and their spectators over real SDK connections, playing
 * as people do — the lag, the opening from the house, then shots after a few seconds of thought, answering
 * offers, and a rematch when a match ends — for as long as the test holds. At a person's pace (the default)
 * each player watches a shot's whole animation before saying it has seen it, as the game's page does; at
 * the quick pace they say so at once and the next shot may follow the moment the thinking is done.
 *
 * The bot reacts to what the server sends (state changes and messages) and keeps one timer of its own per
 * pending move, so that thousands of them cost the load generator little beside the server they measure.
 * The players aim simply (the nearest ball); the server judges their shots like any other.
 */

export type Pace = "person" | "quick";

export interface BotOptions {
  readonly url: string;
  readonly spectators: number;
  /** Seconds a player thinks before a shot: drawn evenly from [min, max]. */
  readonly think: readonly [number, number];
  readonly pace: Pace;
  readonly visibility: "public" | "private";
  readonly random: () => number;
  /**
   * A new made-up client address for each connection, sent as X-Real-IP, or null to connect as this
   * machine. A server that trusts its proxy (TRUST_PROXY) then counts each player and spectator as the
   * person at his own address that he is, instead of refusing most of them as one busy address.
   */
  readonly nextAddress: (() => string) | null;
}

/** Where a bot's measurements go (its thread gathers them for the main thread: bot-thread.ts). */
export interface BotFigures {
  /** From a shot sent to its `shot` broadcast received by the shooter, ms. */
  readonly atShooter: { add(ms: number): void };
  /** From a shot sent to its `shot` broadcast received by the first spectator, ms. */
  readonly atSpectator: { add(ms: number): void };
  readonly counters: { add(name: string, by?: number): void };
}

interface Ball {
  id: number;
  x: number;
  y: number;
  onTable: boolean;
}

interface SyncedTable {
  matchId: string;
  phase: string;
  toMove: number;
  offer: string;
  shotNumber: number;
  animating: boolean;
  balls: Iterable<Ball>;
  lagSent: ArrayLike<boolean>;
  rematch: ArrayLike<boolean>;
}

/** A move that has had no answer for this long is counted as a timeout, and the bot looks again. */
const STUCK_MS = 30_000;
/** At the quick pace a player skips the animation: `seen` goes a moment after the shot, once its state has come. */
const QUICK_SEEN_MS = 50;

export class MatchBot {
  private readonly options: BotOptions;
  private readonly figures: BotFigures;
  private players: Room[] = [];
  private watchers: Room[] = [];
  private stopping = false;
  /** Shots sent and not yet heard back by both the shooter and the first spectator, by match and number. */
  private readonly pending = new Map<string, { readonly at: number; shooter: boolean; spectator: boolean }>();
  /** The move the bot has decided on and is waiting to make (thinking, or watching an animation). */
  private timer: NodeJS.Timeout | null = null;
  /** What the bot last acted on, so that each state is acted on once: `${matchId}:${phase}:${shotNumber}:${offer}`. */
  private actedOn = "";
  private lastProgress = 0;
  private watchdog: NodeJS.Timeout | null = null;

  constructor(options: BotOptions, figures: BotFigures) {
    this.options = options;
    this.figures = figures;
  }

  /** Seats both players and the spectators; rejects when the server refuses them. */
  async join(): Promise<void> {
    const { visibility } = this.options;
    const host = this.listen(await this.client().create("habibka", { name: "Load A", visibility }), 0);
    this.players = [host];
    const guest = this.listen(await this.client().joinById(host.roomId, { name: "Load B" }), 1);
    this.players = [host, guest];
    for (let i = 0; i < this.options.spectators; i++) {
      const watcher = await this.client().joinById(host.roomId, { name: `Watcher ${i}`, watch: true });
      // The first spectator times the broadcasts; the others only take the load a watcher puts on the server.
      if (i === 0) watcher.onMessage("shot", (shot: ShotBroadcast) => this.heard(shot, "spectator"));
      watcher.onMessage("*", () => undefined);
      this.watchers.push(watcher);
    }
  }

  private client(): Client {
    const address = this.options.nextAddress?.();
    return new Client(this.options.url, address ? { headers: { "x-real-ip": address } } : {});
  }

  /** Handlers go on at once: the server's welcome follows the join immediately. */
  private listen(room: Room, seat: number): Room {
    room.onMessage("shot", (shot: ShotBroadcast) => {
      if (shot.seat === seat || (shot.kind === "lag" && seat === 0)) this.heard(shot, "shooter");
      this.watch(room, seat, shot);
    });
    room.onMessage("error", (error: { code: string }) => this.figures.counters.add(`error ${error.code}`));
    room.onMessage("*", () => undefined);
    room.onLeave((code: number) => {
      if (!this.stopping) this.figures.counters.add(`closed ${code}`);
    });
    if (seat === 0) room.onStateChange(() => this.decide());
    return room;
  }

  private heard(shot: ShotBroadcast, who: "shooter" | "spectator"): void {
    const key = `${shot.matchId}:${shot.number}`;
    const sent = this.pending.get(key);
    if (!sent || sent[who]) return;
    sent[who] = true;
    (who === "shooter" ? this.figures.atShooter : this.figures.atSpectator).add(performance.now() - sent.at);
    if (who === "shooter") this.figures.counters.add("shots heard");
    if (sent.shooter && (sent.spectator || this.watchers.length === 0)) this.pending.delete(key);
  }

  /**
   * A player's page plays the shot and, if the table waits for its seat, says `seen` when its animation is
   * over: at once at the quick pace, after its whole length at a person's (less what had played before the
   * message came, for a late joiner).
   */
  private watch(room: Room, seat: number, shot: ShotBroadcast): void {
    const ms = this.options.pace === "quick" ? QUICK_SEEN_MS : Math.max(0, shot.duration * 1000 - shot.elapsed);
    setTimeout(() => {
      // By now the state that followed the shot has come: `seen` names the number it shows.
      const state = room.state as SyncedTable;
      if (this.stopping || !awaitsSeenFrom(seat, state.toMove, () => false)) return;
      room.send("seen", { shotNumber: state.shotNumber });
    }, ms);
  }

  /** Plays until `stop`: every change of the host's state is looked at, and at most one move waits. */
  play(): void {
    this.lastProgress = performance.now();
    this.watchdog = setInterval(() => {
      if (this.stopping || performance.now() - this.lastProgress < STUCK_MS) return;
      this.figures.counters.add("timeouts");
      this.lastProgress = performance.now();
      this.actedOn = "";
      this.decide();
    }, STUCK_MS / 3);
    this.decide();
  }

  private decide(): void {
    const state = this.players[0]?.state as SyncedTable | undefined;
    if (this.stopping || this.watchdog === null || !state?.phase || this.players.length < 2) return;
    const key = `${state.matchId}:${state.phase}:${state.shotNumber}:${state.offer}:${state.animating}`;
    if (key === this.actedOn) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.actedOn = key;
    this.lastProgress = performance.now();
    if (state.phase === "lag") this.lag(state);
    else if ((state.phase === "opening" || state.phase === "play") && !state.animating) this.turn(state);
    else if (state.phase === "finished") this.rematch(state);
  }

  private thinkMs(): number {
    const [low, high] = this.options.think;
    return (low + this.options.random() * (high - low)) * 1000;
  }

  private later(ms: number, move: () => void): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.stopping) move();
    }, ms);
  }

  private lag(state: SyncedTable): void {
    this.later(this.thinkMs(), () => {
      const now = this.players[0]!.state as SyncedTable;
      if (now.phase !== "lag" || now.shotNumber !== state.shotNumber) return;
      if (!now.lagSent[0] && !now.lagSent[1]) this.sent(now);
      for (const seat of [0, 1] as const) {
        if (now.lagSent[seat]) continue;
        const y = seat === 0 ? 0.4 : -0.4;
        this.players[seat]!.send("lag", { place: { x: -1.45, y }, angle: 0, speed: 1.6 + this.options.random() * 0.4 });
      }
    });
  }

  private turn(state: SyncedTable): void {
    const seat = state.toMove;
    const me = this.players[seat];
    if (!me) return;
    this.later(this.thinkMs(), () => {
      const now = me.state as SyncedTable;
      if (now.toMove !== seat || now.shotNumber !== state.shotNumber || now.animating) return;
      if (now.offer !== "") {
        const take = this.options.random() < 0.6;
        me.send("answer", { shotNumber: now.shotNumber, accept: take });
        // Passed, the offer goes to the other seat (a new state); taken, the same player shoots now.
        if (!take) return;
      }
      this.sent(now);
      me.send("shot", this.aim(now));
    });
  }

  private rematch(state: SyncedTable): void {
    this.figures.counters.add("matches finished");
    this.later(this.thinkMs(), () => {
      for (const [seat, room] of this.players.entries()) if (!state.rematch[seat]) room.send("rematch", {});
    });
  }

  private sent(state: SyncedTable): void {
    this.pending.set(`${state.matchId}:${state.shotNumber}`, {
      at: performance.now(),
      shooter: false,
      spectator: false,
    });
    this.figures.counters.add("shots sent");
  }

  /** A plain, legal shot: a white ball at the nearest other ball, at a player's usual speeds. */
  private aim(state: SyncedTable): unknown {
    const balls = [...state.balls].filter((b) => b.onTable);
    if (state.phase === "opening") {
      const apex = balls.filter((b) => b.id !== 0).sort((p, q) => p.x - q.x)[0];
      const place = { x: -1.4, y: 0.05 };
      const angle = apex ? (Math.atan2(apex.y - place.y, apex.x - place.x) * 180) / Math.PI : 0;
      const inHand = [...state.balls].find((b) => b.id !== 0 && !b.onTable && b.id === 1)?.id ?? 1;
      return {
        shotNumber: state.shotNumber,
        stroke: { cue: inHand, angle, speed: 6, offset: { x: 0, y: 0 } },
        call: [],
        place,
      };
    }
    const whites = balls.filter((b) => b.id !== 0);
    const cue = whites[Math.floor(this.options.random() * whites.length)] ?? balls[0]!;
    const target = balls
      .filter((b) => b.id !== cue.id && b.id !== 0)
      .sort((p, q) => Math.hypot(p.x - cue.x, p.y - cue.y) - Math.hypot(q.x - cue.x, q.y - cue.y))[0];
    const angle = target
      ? (Math.atan2(target.y - cue.y, target.x - cue.x) * 180) / Math.PI
      : this.options.random() * 360;
    const speed = 1.5 + this.options.random() * 2.5;
    return { shotNumber: state.shotNumber, stroke: { cue: cue.id, angle, speed, offset: { x: 0, y: 0 } }, call: [] };
  }

  /** Shots sent that the shooter or the spectator never heard back. */
  unanswered(): number {
    return this.pending.size;
  }

  /**
   * The hold is over: no new move, and resolves once every shot already sent has been heard back (the
   * caller bounds the wait), so that a shot sent in the hold's last moment is not counted unanswered.
   */
  async finish(): Promise<void> {
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.pending.size > 0 && !this.stopping) await new Promise((resolve) => setTimeout(resolve, 100));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.watchdog) clearInterval(this.watchdog);
    await Promise.all([...this.players, ...this.watchers].map((room) => room.leave(true).catch(() => undefined)));
  }
}

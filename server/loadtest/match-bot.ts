import { Client, type Room } from "@colyseus/sdk";
import type { ShotBroadcast } from "@habibka/shared/protocol";
import type { Counters, Latencies } from "./stats.ts";

/**
 * One match of the load test: two scripted players and their spectators over real SDK connections, playing
 * as people do — the lag, the opening from the house, then shots after a few seconds of thought, answering
 * offers, and a rematch when a match ends — for as long as the test holds. The bots aim simply (the
 * nearest ball): they cost the load generator little, and the server judges their shots like any other.
 */

export interface BotOptions {
  readonly url: string;
  readonly spectators: number;
  /** Seconds a player thinks before a shot: drawn evenly from [min, max]. */
  readonly think: readonly [number, number];
  readonly visibility: "public" | "private";
  readonly random: () => number;
  /**
   * A new made-up client address for each connection, sent as X-Real-IP, or null to connect as this
   * machine. A server that trusts its proxy (TRUST_PROXY) then counts each player and spectator as the
   * person at his own address that he is, instead of refusing most of them as one busy address.
   */
  readonly nextAddress: (() => string) | null;
}

export interface BotFigures {
  /** From a shot sent to its `shot` broadcast received by the shooter, ms. */
  readonly atShooter: Latencies;
  /** From a shot sent to its `shot` broadcast received by the first spectator, ms. */
  readonly atSpectator: Latencies;
  readonly counters: Counters;
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
  rematch: Iterable<boolean>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class MatchBot {
  private readonly options: BotOptions;
  private readonly figures: BotFigures;
  private players: Room[] = [];
  private watchers: Room[] = [];
  private stopping = false;
  /** Shots sent and not yet heard back by both the shooter and the first spectator, by match and number. */
  private readonly pending = new Map<string, { readonly at: number; shooter: boolean; spectator: boolean }>();

  constructor(options: BotOptions, figures: BotFigures) {
    this.options = options;
    this.figures = figures;
  }

  /** Seats both players and the spectators; rejects when the server refuses them. */
  async join(): Promise<void> {
    const { visibility } = this.options;
    const host = this.listen(await this.client().create("habibka", { name: "Load A", visibility }), 0);
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
    });
    room.onMessage("error", (error: { code: string }) => this.figures.counters.add(`error ${error.code}`));
    room.onMessage("*", () => undefined);
    room.onLeave((code: number) => {
      if (!this.stopping) this.figures.counters.add(`closed ${code}`);
    });
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

  private sent(state: SyncedTable & { matchId: string }): void {
    this.pending.set(`${state.matchId}:${state.shotNumber}`, {
      at: performance.now(),
      shooter: false,
      spectator: false,
    });
    this.figures.counters.add("shots sent");
  }

  /** Plays until `stop`; every wait is bounded, and a bot that loses its table stops by itself. */
  async play(): Promise<void> {
    const [host] = this.players;
    while (!this.stopping) {
      const state = host!.state as SyncedTable;
      if (!state?.phase) {
        await wait(50);
        continue;
      }
      if (state.phase === "lag") await this.lag(state);
      else if (state.phase === "opening" || state.phase === "play") await this.turn(state);
      else if (state.phase === "finished") await this.rematch();
      else await wait(100);
    }
  }

  private async lag(state: SyncedTable): Promise<void> {
    const number = state.shotNumber;
    this.sent(state);
    this.players[0]!.send("lag", { place: { x: -1.45, y: 0.4 }, angle: 0, speed: 1.6 + this.options.random() * 0.4 });
    this.players[1]!.send("lag", { place: { x: -1.45, y: -0.4 }, angle: 0, speed: 1.6 + this.options.random() * 0.4 });
    await this.until(() => (this.players[0]!.state as SyncedTable).shotNumber > number, 30_000);
    await this.watched();
  }

  private async turn(state: SyncedTable): Promise<void> {
    const seat = state.toMove;
    const me = this.players[seat];
    if (!me) return void (await wait(100));
    const [low, high] = this.options.think;
    await wait((low + this.options.random() * (high - low)) * 1000);
    if (this.stopping) return;
    const now = me.state as SyncedTable;
    if (now.toMove !== seat || now.shotNumber !== state.shotNumber) return;
    if (now.offer !== "") {
      const take = this.options.random() < 0.6;
      me.send("answer", { shotNumber: now.shotNumber, accept: take });
      if (!take) {
        await this.until(() => (me.state as SyncedTable).offer === "", 10_000);
        return;
      }
    }
    const number = now.shotNumber;
    this.sent(now);
    me.send("shot", this.aim(now));
    await this.until(() => (me.state as SyncedTable).shotNumber > number, 30_000);
    await this.watched();
  }

  /** Like a player at the end of the animation: `seen` from both, once the shot has played out. */
  private async watched(): Promise<void> {
    const [host] = this.players;
    await this.until(
      () => !(host!.state as SyncedTable).animating,
      30_000,
      () => {
        for (const room of this.players) room.send("seen", { shotNumber: (room.state as SyncedTable).shotNumber });
      },
    );
  }

  private async rematch(): Promise<void> {
    this.figures.counters.add("matches finished");
    for (const room of this.players) room.send("rematch", {});
    await this.until(() => (this.players[0]!.state as SyncedTable).phase !== "finished", 30_000);
  }

  /** A plain, legal shot: the first white ball at the nearest other ball, at a player's usual speeds. */
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

  /** Waits for `done`, calling `meanwhile` once a second; gives up after `timeoutMs` (counted). */
  private async until(done: () => boolean, timeoutMs: number, meanwhile?: () => void): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    let nudged = 0;
    while (!done() && !this.stopping) {
      if (performance.now() > deadline) {
        this.figures.counters.add("timeouts");
        return;
      }
      if (meanwhile && performance.now() - nudged > 1_000) {
        meanwhile();
        nudged = performance.now();
      }
      await wait(50);
    }
  }

  /** Shots sent that the shooter or the spectator never heard back. */
  unanswered(): number {
    return this.pending.size;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all([...this.players, ...this.watchers].map((room) => room.leave(true).catch(() => undefined)));
  }
}

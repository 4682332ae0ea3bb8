import { randomUUID } from "node:crypto";
import { type Client, type Delayed, Room, ServerError } from "@colyseus/core";
import {
  answerOffer,
  expireShotClock,
  type Match,
  type MatchView,
  newMatch,
  type Outcome,
  type PlayedShot,
  playLag,
  playShot,
  resign,
  validateLag,
  viewMatch,
} from "@habibka/shared/pipeline";
import {
  AimMessage,
  AnswerMessage,
  ChatMessage,
  CreateTableOptions,
  EmptyMessage,
  JoinTableOptions,
  LagMessage,
  ShotMessage,
} from "@habibka/shared/protocol";
import type { MatchState } from "@habibka/shared/state";
import type { z } from "zod";
import type { Logger } from "../logger.ts";
import type { MatchRecords } from "../records/match-records.ts";
import { lobbyMetadata } from "./lobby-metadata.ts";
import { CLOSE_HOSTILE, type ClientError, MessageGuard, type RateLimit } from "./message-guard.ts";
import {
  aimOutOfTurn,
  describeIssue,
  lagAlreadySent,
  notSeated,
  refusal,
  rematchTooEarly,
  stillAnimating,
  waitingForOpponent,
} from "./room-errors.ts";
import { type SeatIndex, Seating } from "./seating.ts";
import { recordOutcome, shotBroadcast } from "./shot-record.ts";
import { ShotTiming } from "./shot-timing.ts";
import { createSyncedState, mirrorMatch, mirrorSeats } from "./state-mirror.ts";
import { releaseTableCode, reserveTableCode } from "./table-code.ts";

/** What a room needs from its process, injected so that nothing is process-global. */
export interface RoomServices {
  readonly records: MatchRecords;
  readonly logger: Logger;
  /** Seeds the match's random draw and rack jitter; tests pass a fixed one. */
  readonly seed?: () => number;
  /**
   * Multiplies the wait for a shot's animation before the next shot is accepted (default 1, real time).
   * Tests that play whole matches shrink it; the protocol is the same.
   */
  readonly animationScale?: number;
  /**
   * Multiplies the length of the shot clock's second (default 1, real time). Tests shrink it to see the
   * clock run out without waiting 30 s; the countdown and the protocol are the same.
   */
  readonly clockScale?: number;
}

const SPECTATOR_RECONNECT_SECONDS = 20;
/** Room for the two seat holders returning on new connections (see onCreate). */
const RETURNING_HOLDERS = 2;
const CLOSE_SEAT_TAKEN_OVER = 4001;
/**
 * The table closed because the server is shutting down (docs/PROTOCOL.md). Colyseus would send its own
 * SERVER_SHUTDOWN, which is 4001 too, and a client could not tell a redeploy from its seat being taken over.
 */
const CLOSE_TABLE_CLOSED = 4000;
/**
 * Closes after which the connection may not come back as the same session: the server closed it for bad
 * messages (4400) or for flooding (Colyseus's 4002), or its seat was taken over (4001). A kicked player can
 * still return to a held seat with the seat token, as a new session. (An oversized frame is refused by the
 * WebSocket layer, which the room sees as an abnormal close, 1006: that one is indistinguishable from a
 * network failure and keeps its reconnection window.)
 */
const NO_RECONNECTION: ReadonlySet<number> = new Set([CLOSE_HOSTILE, 4002, CLOSE_SEAT_TAKEN_OVER]);

/**
 * One table of Habibka. The room is an adapter (DESIGN, STYLE 8): it checks who is asking, validates the
 * message, asks the shared pipeline for the result, records it, mirrors it into the synced state and
 * tells everyone. No rule of the game is decided here.
 */
export function createHabibkaRoom(services: RoomServices) {
  return class HabibkaRoom extends Room<{ state: MatchState }> {
    override maxClients = 2 + 500;
    override maxMessagesPerSecond = 30;
    override state = createSyncedState();

    private settings!: CreateTableOptions;
    private seating!: Seating;
    private guard!: MessageGuard;
    private match!: Match;
    private timing!: ShotTiming;
    /** Both seats have been filled once: the match is under way (until then the phase shows "waiting"). */
    private started = false;
    private readonly seatHolds = new Map<SeatIndex, Delayed>();
    private readonly pendingLags: [LagMessage | null, LagMessage | null] = [null, null];
    private readonly log = services.logger;

    override async onCreate(options: unknown): Promise<void> {
      const parsed = CreateTableOptions.safeParse(options);
      if (!parsed.success) throw new ServerError(400, describeIssue(parsed.error.issues[0]));
      this.settings = parsed.data;
      // The spectator cap is the seating's to enforce (with its "spectators are full"). Colyseus's own limit
      // also counts the places it keeps for dropped connections, and a full room is locked to everyone: the
      // margin lets both seats' holders come back by token while their old sessions still hold places.
      this.maxClients = 2 + this.settings.spectatorCap + RETURNING_HOLDERS;
      this.seating = new Seating(this.settings.spectatorCap);
      this.timing = new ShotTiming(
        this.clock,
        {
          shotClock: this.settings.shotClock,
          animationScale: services.animationScale ?? 1,
          clockScale: services.clockScale ?? 1,
        },
        {
          animationEnded: () => {
            this.state.animating = false;
            this.restartShotClock(viewMatch(this.match));
          },
          clockChanged: (secondsLeft) => {
            this.state.clockLeft = secondsLeft;
          },
          clockExpired: () => this.shotClockExpired(),
        },
      );
      this.guard = new MessageGuard(this.log, () => this.clock.currentTime);
      this.roomId = await reserveTableCode(this.presence);
      if (this.settings.visibility === "private") await this.setPrivate(true);
      Object.assign(this.state, {
        code: this.roomId,
        visibility: this.settings.visibility,
        opening: this.settings.opening,
        shotClock: this.settings.shotClock,
        seatHoldSeconds: this.settings.seatHoldSeconds,
      });
      this.startMatch();
      this.registerMessages();
    }

    /** The message table: each type with its schema and rate limit (docs/PROTOCOL.md). */
    private registerMessages(): void {
      const on = <S extends z.ZodType>(
        type: string,
        schema: S,
        limit: RateLimit,
        handle: (client: Client, message: z.infer<S>) => ClientError | undefined,
      ) => this.onMessage(type, this.guard.handler(type, schema, limit, handle));
      on("lag", LagMessage, { burst: 3, perSecond: 1 }, (c, m) => this.onLag(c, m));
      on("shot", ShotMessage, { burst: 3, perSecond: 1 }, (c, m) => this.onShot(c, m));
      on("answer", AnswerMessage, { burst: 3, perSecond: 1 }, (c, m) => this.onAnswer(c, m));
      on("aim", AimMessage, { burst: 10, perSecond: 10 }, (c, m) => this.onAim(c, m));
      on("chat", ChatMessage, { burst: 5, perSecond: 1 }, (c, m) => this.onChat(c, m));
      on("resign", EmptyMessage, { burst: 2, perSecond: 0.5 }, (c) => this.onResign(c));
      on("rematch", EmptyMessage, { burst: 2, perSecond: 0.5 }, (c) => this.onRematch(c));
      this.onMessage("*", (client: Client, type: string | number) => this.guard.unknown(client, type));
    }

    override onAuth(_client: Client, options: unknown): JoinTableOptions {
      const parsed = JoinTableOptions.safeParse(options);
      if (!parsed.success) throw new ServerError(400, describeIssue(parsed.error.issues[0]));
      return parsed.data;
    }

    override onJoin(client: Client, _options: unknown, auth: JoinTableOptions): void {
      const admission = this.seating.admit({
        sessionId: client.sessionId,
        name: auth.name,
        watch: auth.watch,
        seatToken: auth.seatToken,
      });
      if (admission.role === "refused") throw new ServerError(409, "spectators are full");
      if (admission.role === "player") {
        this.cancelSeatHold(admission.seat);
        if (admission.replaces) this.closeReplaced(admission.replaces);
        client.send("welcome", {
          role: "player",
          seat: admission.seat,
          seatToken: admission.token,
          matchId: this.state.matchId,
        });
        this.log.info({ table: this.roomId, seat: admission.seat, returning: admission.returning }, "player seated");
      } else {
        client.send("welcome", { role: "spectator", seat: null, matchId: this.state.matchId });
      }
      const running = this.timing.runningForLateJoiner();
      if (running) client.send("shot", running);
      this.afterSeatsChanged();
    }

    override onDrop(client: Client, code?: number): void {
      // A connection the server itself closed does not get its place kept: Colyseus then calls onLeave.
      if (code !== undefined && NO_RECONNECTION.has(code)) return;
      // The seat shows its player absent (`connected` false) until the SDK reconnects or the hold expires.
      const seat = this.seating.drop(client.sessionId);
      const seconds = seat === null ? SPECTATOR_RECONNECT_SECONDS : this.settings.seatHoldSeconds;
      if (seat !== null) this.holdSeat(seat);
      // The deferred rejects when the window closes or the room is disposed: both are ordinary outcomes.
      this.allowReconnection(client, seconds).catch(() => undefined);
      if (seat !== null) this.afterSeatsChanged();
    }

    override onReconnect(client: Client): void {
      const seat = this.seating.reconnect(client.sessionId);
      if (seat !== null) this.cancelSeatHold(seat);
      this.afterSeatsChanged();
    }

    override onLeave(client: Client): void {
      this.guard.forget(client.sessionId);
      const seat = this.seating.disconnect(client.sessionId);
      if (seat !== null && !this.seatHolds.has(seat)) this.holdSeat(seat);
      this.afterSeatsChanged();
    }

    override onBeforeShutdown(): void {
      this.disconnect(CLOSE_TABLE_CLOSED).catch(() => undefined);
    }

    override async onDispose(): Promise<void> {
      await releaseTableCode(this.presence, this.roomId);
    }

    // ---- match flow -------------------------------------------------------------------------------

    private startMatch(): void {
      const seed = services.seed?.() ?? Math.floor(Math.random() * 2 ** 31);
      this.match = newMatch({ opening: this.settings.opening, seed });
      this.state.matchId = randomUUID();
      this.pendingLags[0] = this.pendingLags[1] = null;
      this.started = false;
      this.mirror();
    }

    /** The match (and its record) starts once both seats are filled. */
    private startIfSeated(): void {
      if (this.started || !this.seating.bothSeated()) return;
      this.started = true;
      const [a, b] = this.seating.seats;
      services.records.startMatch({
        id: this.state.matchId,
        code: this.roomId,
        visibility: this.settings.visibility,
        opening: this.settings.opening,
        shotClock: this.settings.shotClock,
        players: [a!.name, b!.name],
        startedAt: Date.now(),
      });
    }

    private onLag(client: Client, message: LagMessage): ClientError | undefined {
      const seat = this.seatFor(client, "lag");
      if (typeof seat !== "number") return seat;
      if (!this.started) return waitingForOpponent("lag");
      if (this.pendingLags[seat]) return lagAlreadySent();
      const check = validateLag(this.match, seat, message);
      if (!check.ok) return refusal("lag", check.error);
      this.pendingLags[seat] = message;
      this.state.lagSent[seat] = true;
      const [first, second] = this.pendingLags;
      if (first && second) {
        this.pendingLags[0] = this.pendingLags[1] = null;
        const outcome = playLag(this.match, [first, second]);
        if (!outcome.ok) return refusal("lag", outcome.error);
        this.apply(outcome.value, -1);
      }
      return undefined;
    }

    private onShot(client: Client, message: ShotMessage): ClientError | undefined {
      const seat = this.seatFor(client, "shot");
      if (typeof seat !== "number") return seat;
      if (!this.started) return waitingForOpponent("shot");
      if (this.timing.running) return stillAnimating("shot");
      const outcome = playShot(this.match, seat, message);
      if (!outcome.ok) return refusal("shot", outcome.error);
      this.apply(outcome.value, seat);
      return undefined;
    }

    private onAnswer(client: Client, message: AnswerMessage): ClientError | undefined {
      const seat = this.seatFor(client, "answer");
      if (typeof seat !== "number") return seat;
      if (this.timing.running) return stillAnimating("answer");
      const outcome = answerOffer(this.match, seat, message);
      if (!outcome.ok) return refusal("answer", outcome.error);
      this.apply(outcome.value, seat);
      return undefined;
    }

    private onResign(client: Client): ClientError | undefined {
      const seat = this.seatFor(client, "resign");
      if (typeof seat !== "number") return seat;
      const outcome = resign(this.match, seat);
      if (!outcome.ok) return refusal("resign", outcome.error);
      this.apply(outcome.value, seat);
      return undefined;
    }

    private onRematch(client: Client): ClientError | undefined {
      const seat = this.seatFor(client, "rematch");
      if (typeof seat !== "number") return seat;
      if (this.state.phase !== "finished") return rematchTooEarly();
      this.state.rematch[seat] = true;
      if (this.state.rematch[0] && this.state.rematch[1]) {
        this.startMatch();
        this.afterSeatsChanged();
      }
      return undefined;
    }

    private onAim(client: Client, message: AimMessage): ClientError | undefined {
      // A spectator gets the same answer as for any player's action (docs/PROTOCOL.md: not-seated).
      const seat = this.seatFor(client, "aim");
      if (typeof seat !== "number") return seat;
      if (seat !== this.state.toMove) return aimOutOfTurn();
      this.broadcast("aim", { seat, ...message }, { except: client });
      return undefined;
    }

    private onChat(client: Client, message: ChatMessage): undefined {
      const seat = this.seating.seatOf(client.sessionId);
      const name =
        seat === null ? (this.seating.spectators.get(client.sessionId) ?? "?") : this.seating.seats[seat]!.name;
      this.broadcast("chat", {
        name,
        role: seat === null ? "spectator" : "player",
        seat,
        text: message.text,
        at: Date.now(),
      });
      return undefined;
    }

    /** The sender's seat, or the error for a spectator. */
    private seatFor(client: Client, type: string): SeatIndex | ClientError {
      const seat = this.seating.seatOf(client.sessionId);
      return seat === null ? notSeated(type) : seat;
    }

    /** Applies a new match value: record first, then state, then the broadcast (issue 5: written before announced). */
    private apply(outcome: Outcome, seat: number): void {
      const played = outcome.played;
      this.match = outcome.match;
      const view = viewMatch(this.match);
      recordOutcome(services.records, this.state.matchId, played, seat, view);
      if (played) this.announce(played, seat);
      this.mirror();
      this.restartShotClock(view);
      this.updateLobby(view);
    }

    private mirror(): void {
      mirrorMatch(this.state, viewMatch(this.match), this.started);
      this.state.lagSent[0] = this.pendingLags[0] !== null;
      this.state.lagSent[1] = this.pendingLags[1] !== null;
    }

    private announce(played: PlayedShot, seat: number): void {
      const message = shotBroadcast(this.state.matchId, played, seat);
      this.broadcast("shot", message);
      this.state.animating = message.duration > 0;
      this.timing.startAnimation(message);
    }

    /** The shot clock runs for the player to move in the opening and in play (not in the lag). */
    private restartShotClock(view: MatchView): void {
      this.timing.restartClock(view.toMove !== null && (view.phase === "opening" || view.phase === "play"));
    }

    private shotClockExpired(): void {
      const seat = viewMatch(this.match).toMove;
      const outcome = expireShotClock(this.match);
      if (outcome.ok) this.apply(outcome.value, seat ?? -1);
    }

    // ---- seats --------------------------------------------------------------------------------------

    private holdSeat(seat: SeatIndex): void {
      this.cancelSeatHold(seat);
      this.seatHolds.set(
        seat,
        this.clock.setTimeout(() => this.seatExpired(seat), this.settings.seatHoldSeconds * 1000),
      );
    }

    private cancelSeatHold(seat: SeatIndex): void {
      this.seatHolds.get(seat)?.clear();
      this.seatHolds.delete(seat);
    }

    private seatExpired(seat: SeatIndex): void {
      this.seatHolds.delete(seat);
      if (this.seating.isPresent(seat)) return;
      if (this.started && viewMatch(this.match).phase !== "finished") {
        const outcome = resign(this.match, seat, "absence");
        if (outcome.ok) this.apply(outcome.value, seat);
      } else {
        // Before the match, or after it, an absent player's seat is simply freed for someone else.
        this.seating.release(seat);
      }
      this.afterSeatsChanged();
    }

    private closeReplaced(sessionId: string): void {
      const old = this.clients.getById(sessionId);
      old?.leave(CLOSE_SEAT_TAKEN_OVER, "seat taken over");
    }

    private afterSeatsChanged(): void {
      mirrorSeats(this.state, this.seating);
      if (!this.started && this.seating.bothSeated()) {
        this.startIfSeated();
        this.mirror();
        this.restartShotClock(viewMatch(this.match));
      }
      this.updateLobby(viewMatch(this.match));
    }

    private updateLobby(view: MatchView): void {
      void this.setMetadata(lobbyMetadata(this.roomId, this.seating, view, this.started));
    }
  };
}

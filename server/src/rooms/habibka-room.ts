import { randomUUID } from "node:crypto";
import {
  type AuthContext,
  type Client,
  type Deferred,
  OnMessageException,
  Protocol,
  Room,
  type RoomException,
  ServerError,
} from "@colyseus/core";
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
  type ActionBroadcast,
  AimMessage,
  AnswerMessage,
  type ChatBroadcast,
  ChatMessage,
  type ClientMessageType,
  CreateTableOptions,
  EmptyMessage,
  JoinTableOptions,
  LagMessage,
  SeenMessage,
  ShotMessage,
} from "@habibka/shared/protocol";
import type { MatchState } from "@habibka/shared/state";
import type { z } from "zod";
import type { Logger } from "../logger.ts";
import type { AddressLimits, RateLimitSettings } from "../rate-limits.ts";
import type { ActionRecord, MatchRecords } from "../records/match-records.ts";
import { lobbyMetadata } from "./lobby-metadata.ts";
import { CLOSE_HOSTILE, type ClientError, type Handled, MessageGuard, type MessageRule } from "./message-guard.ts";
import {
  aimOutOfTurn,
  describeIssue,
  lagAlreadySent,
  notRecorded,
  notSeated,
  refusal,
  rematchTooEarly,
  stillAnimating,
  waitingForOpponent,
} from "./room-errors.ts";
import { SeatHolds } from "./seat-holds.ts";
import { type SeatIndex, Seating } from "./seating.ts";
import { actionRecord, shotBroadcast } from "./shot-record.ts";
import { ShotTiming } from "./shot-timing.ts";
import { createSyncedState, mirrorMatch, mirrorSeats } from "./state-mirror.ts";
import { releaseTableCode, reserveTableCode } from "./table-code.ts";

/** What a room needs from its process, injected so that nothing is process-global. */
export interface RoomServices {
  readonly records: MatchRecords;
  readonly logger: Logger;
  /** Per-address limits shared by every table of the process (chat). */
  readonly limits: AddressLimits;
  /** Each message type's rate at a table (rate-limits.ts). */
  readonly messageRates: RateLimitSettings["message"];
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

/** A dropped spectator's place is kept this long for the SDK to reconnect. */
const SPECTATOR_RECONNECT_SECONDS = 5;
/** A join whose WebSocket never arrives gives its reservation up after this long. */
const RESERVATION_SECONDS = 8;
const CHAT_HISTORY_LINES = 50;
/** When the end of a hold or of the shot clock could not be recorded, it is tried again after this long. */
const RECORD_RETRY_MS = 2_000;
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

/** The frame kinds the SDK sends for this game: joining, leaving, messages and pings. */
const CLIENT_FRAMES: ReadonlySet<number> = new Set([
  Protocol.JOIN_ROOM,
  Protocol.LEAVE_ROOM,
  Protocol.ROOM_DATA,
  Protocol.PING,
]);

/** The join options with the address the front door established (http/front-door.ts). */
type Admitted = JoinTableOptions & { readonly address: string };

/**
 * One table of Habibka. The room is an adapter: it checks who is asking, validates the message, asks the
 * shared pipeline for the result, records it, mirrors it into the synced state and tells everyone. No rule
 * of the game is decided here. Actions are handled one at a time, and each is written to the match record
 * before the match moves: a write that fails leaves the table exactly as it was.
 */
export function createHabibkaRoom(services: RoomServices) {
  return class HabibkaRoom extends Room<{ state: MatchState }> {
    // The two seats and the spectator cap are the seating's to enforce. Colyseus's own count includes
    // reservations never used and dropped sessions' places, and a room it finds full is locked to everyone,
    // seat holders included: so it never counts as full.
    override maxClients = Number.MAX_SAFE_INTEGER;
    override maxMessagesPerSecond = 30;
    override seatReservationTimeout = RESERVATION_SECONDS;
    override state = createSyncedState();

    private settings!: CreateTableOptions;
    private seating!: Seating;
    private guard!: MessageGuard;
    private match!: Match;
    private timing!: ShotTiming;
    private holds!: SeatHolds;
    /** Both seats have been filled once: the match is under way (until then the phase shows "waiting"). */
    private started = false;
    /** A start is being written to the record (both seats filled, the match not yet begun). */
    private starting = false;
    private readonly pendingLags: [LagMessage | null, LagMessage | null] = [null, null];
    private readonly chatHistory: ChatBroadcast[] = [];
    /** Dropped sessions waiting for the SDK to reconnect them. */
    private readonly reconnections = new Map<string, Deferred<Client>>();
    /** The tail of the table's action queue. */
    private actions: Promise<unknown> = Promise.resolve();
    private readonly log = services.logger;

    override async onCreate(options: unknown): Promise<void> {
      const parsed = CreateTableOptions.safeParse(options);
      if (!parsed.success) throw new ServerError(400, describeIssue(parsed.error.issues[0]));
      this.settings = parsed.data;
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
      this.holds = new SeatHolds(this.clock, this.settings.seatHoldSeconds, {
        expired: (seat) => this.seatExpired(seat),
        secondsLeftChanged: (seat, secondsLeft) => {
          const player = this.state.players.get(String(seat));
          if (player) player.holdLeft = secondsLeft;
        },
        // Colyseus closes a room its last connection left: not while a seat waits for its player.
        anyHeldChanged: (anyHeld) => {
          this.autoDispose = !anyHeld;
        },
      });
      this.guard = new MessageGuard(
        this.log,
        () => this.clock.currentTime,
        (client) => {
          const seat = this.seating.seatOf(client.sessionId);
          return seat === null ? `address:${(client.auth as Admitted | undefined)?.address}` : `seat:${seat}`;
        },
      );
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
      this.guardFrames();
    }

    /**
     * Frames of a kind the game's client never sends (requests, raw bytes, inputs, or no Colyseus frame at
     * all) are dropped before Colyseus decodes them, and counted against their connection like any refusal.
     */
    private guardFrames(): void {
      // Colyseus binds each connection's frames to `_onMessage` when it joins: an own property shadows it.
      const room = this as unknown as { _onMessage: (client: Client, frame: Uint8Array) => void };
      const decode = room._onMessage;
      room._onMessage = (client, frame) => {
        if (frame instanceof Uint8Array && frame.length > 0 && CLIENT_FRAMES.has(frame[0]!))
          decode.call(this, client, frame);
        else this.guard.malformedFrame(client, frame?.length ?? 0);
      };
    }

    /** The message table: each type with its schema and rate limit (docs/PROTOCOL.md). */
    private registerMessages(): void {
      const on = <S extends z.ZodType>(type: ClientMessageType, rule: Omit<MessageRule<S>, "limit">) =>
        this.onMessage(type, this.guard.handler(type, { ...rule, limit: services.messageRates[type] }));
      on("lag", { schema: LagMessage, handle: (c, m) => this.queue(() => this.onLag(c, m)) });
      on("shot", { schema: ShotMessage, handle: (c, m) => this.queue(() => this.onShot(c, m)) });
      on("answer", { schema: AnswerMessage, handle: (c, m) => this.queue(() => this.onAnswer(c, m)) });
      on("seen", { schema: SeenMessage, handle: (c, m) => this.queue(() => this.onSeen(c, m)) });
      on("aim", { schema: AimMessage, handle: (c, m) => this.onAim(c, m) });
      on("chat", {
        schema: ChatMessage,
        shared: async (c) => (await services.limits.take("chat", addressOf(c))).allowed,
        handle: (c, m) => this.onChat(c, m),
      });
      on("resign", { schema: EmptyMessage, handle: (c) => this.queue(() => this.onResign(c)) });
      on("rematch", { schema: EmptyMessage, handle: (c) => this.queue(() => this.onRematch(c)) });
      // The wildcard receives (client, type, payload) for unknown types, but (client, payload) for a message
      // whose type is "*" itself: whatever arrives in the type's place is only described, never trusted.
      this.onMessage("*", (client: Client, type: unknown) => this.guard.unknown(client, type));
    }

    /**
     * Last line of defence: an error escaping any handler, timer or hook is logged once and, for a message,
     * answered to its sender; it never reaches the process. Refused joins (ServerError) are ordinary.
     */
    override onUncaughtException(error: RoomException, methodName: string): void {
      if (error instanceof OnMessageException) {
        this.guard.failed(error.client as Client, String(methodName), error.cause ?? error);
        return;
      }
      if ((error.cause ?? error) instanceof ServerError) return;
      this.log.error({ err: error.cause ?? error, table: this.roomId, method: methodName }, "room error");
    }

    override onAuth(_client: Client, options: unknown, context: AuthContext): Admitted {
      const parsed = JoinTableOptions.safeParse(options);
      if (!parsed.success) throw new ServerError(400, describeIssue(parsed.error.issues[0]));
      return { ...parsed.data, address: context.ip ?? "unknown" };
    }

    override onJoin(client: Client, _options: unknown, auth: Admitted): void {
      const admission = this.seating.admit({
        sessionId: client.sessionId,
        name: auth.name,
        watch: auth.watch,
        seatToken: auth.seatToken,
      });
      if (admission.role === "refused") throw new ServerError(409, "spectators are full");
      const chat = [...this.chatHistory];
      if (admission.role === "player") {
        this.holds.release(admission.seat);
        if (admission.replaces) this.replaceSession(admission.replaces);
        client.send("welcome", {
          role: "player",
          seat: admission.seat,
          seatToken: admission.token,
          matchId: this.state.matchId,
          chat,
        });
        this.log.info({ table: this.roomId, seat: admission.seat, returning: admission.returning }, "player seated");
      } else {
        client.send("welcome", { role: "spectator", seat: null, matchId: this.state.matchId, chat });
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
      if (seat !== null) this.holds.hold(seat);
      const reconnection = this.allowReconnection(client, seconds);
      this.reconnections.set(client.sessionId, reconnection);
      // The deferred rejects when the window closes, the holder returns by token, or the room is disposed.
      reconnection
        .catch(() => undefined)
        .finally(() => {
          if (this.reconnections.get(client.sessionId) === reconnection) this.reconnections.delete(client.sessionId);
        });
      if (seat !== null) this.afterSeatsChanged();
    }

    override onReconnect(client: Client): void {
      const seat = this.seating.reconnect(client.sessionId);
      if (seat !== null) this.holds.release(seat);
      this.afterSeatsChanged();
    }

    override onLeave(client: Client): void {
      this.guard.forget(client.sessionId);
      const seat = this.seating.disconnect(client.sessionId);
      if (seat !== null) {
        // A request for a rematch is the player's own: it goes with him.
        this.state.rematch[seat] = false;
        if (viewMatch(this.match).phase === "finished" && this.started) {
          // After the match there is nothing to hold the seat for: it is free for the next player.
          this.holds.release(seat);
          this.seating.release(seat);
        } else if (!this.holds.isHeld(seat)) {
          this.holds.hold(seat);
        }
      }
      this.afterSeatsChanged();
    }

    override onBeforeShutdown(): void {
      this.disconnect(CLOSE_TABLE_CLOSED).catch(() => undefined);
    }

    override async onDispose(): Promise<void> {
      await releaseTableCode(this.presence, this.roomId);
      await this.abandonUnfinished();
    }

    /** A table that closes with its match unfinished leaves a record that says so. */
    private async abandonUnfinished(): Promise<void> {
      const view = viewMatch(this.match);
      if (!this.started || view.phase === "finished") return;
      const result = {
        winner: null,
        reason: "abandoned",
        shelves: [view.shelves[0].length, view.shelves[1].length] as const,
        finishedAt: Date.now(),
      };
      await services.records
        .recordAction({ matchId: this.state.matchId, result })
        .catch((cause: unknown) => this.log.error({ err: cause, table: this.roomId }, "could not close a record"));
    }

    // ---- the action queue ---------------------------------------------------------------------------

    /** Runs table actions one at a time, in arrival order: each sees the match the one before it left. */
    private queue(work: () => Handled | Promise<Handled>): Promise<Handled> {
      const run = this.actions.then(work, work);
      this.actions = run.catch(() => undefined);
      return run;
    }

    /**
     * Records what the outcome changes and only then applies it: the match moves, the state is mirrored and
     * everyone is told. Returns false, with the table unchanged, when the record could not be written.
     */
    private async commit(outcome: Outcome, seat: number): Promise<boolean> {
      const view = viewMatch(outcome.match);
      const record = actionRecord(this.state.matchId, { played: outcome.played, seat, view }, Date.now());
      if (!(await this.record(record))) return false;
      this.match = outcome.match;
      if (outcome.played) this.announce(outcome.played, seat);
      this.mirror();
      this.restartShotClock(view);
      this.updateLobby(view);
      return true;
    }

    private async record(record: ActionRecord): Promise<boolean> {
      try {
        await services.records.recordAction(record);
        return true;
      } catch (cause) {
        this.log.error({ err: cause, table: this.roomId, match: record.matchId }, "could not record an action");
        return false;
      }
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

    /**
     * The match begins once both seats are filled, and only after its record exists: if the write fails,
     * the table keeps waiting and tries again shortly.
     */
    private beginWhenSeated(): void {
      if (this.started || this.starting || !this.seating.bothSeated()) return;
      this.starting = true;
      void this.queue(async () => {
        const [a, b] = this.seating.seats;
        const begun =
          a !== null &&
          b !== null &&
          (await this.record({
            matchId: this.state.matchId,
            match: {
              id: this.state.matchId,
              code: this.roomId,
              visibility: this.settings.visibility,
              opening: this.settings.opening,
              shotClock: this.settings.shotClock,
              players: [a.name, b.name],
              startedAt: Date.now(),
            },
          }));
        this.starting = false;
        if (!begun) {
          if (a && b) this.clock.setTimeout(() => this.beginWhenSeated(), RECORD_RETRY_MS);
          return undefined;
        }
        this.started = true;
        this.mirror();
        this.restartShotClock(viewMatch(this.match));
        this.updateLobby(viewMatch(this.match));
        return undefined;
      });
    }

    private async onLag(client: Client, message: LagMessage): Promise<Handled> {
      const seat = this.seatFor(client, "lag");
      if (typeof seat !== "number") return seat;
      if (!this.started) return waitingForOpponent("lag");
      if (this.pendingLags[seat]) return lagAlreadySent();
      const check = validateLag(this.match, seat, message);
      if (!check.ok) return refusal("lag", check.error);
      const other = this.pendingLags[seat === 0 ? 1 : 0];
      if (!other) {
        this.pendingLags[seat] = message;
        this.state.lagSent[seat] = true;
        return undefined;
      }
      const lags: [LagMessage, LagMessage] = seat === 0 ? [message, other] : [other, message];
      const outcome = playLag(this.match, lags);
      if (!outcome.ok) return refusal("lag", outcome.error);
      // The first lag shot stays in: only the second, whose arrival completes the lag, is refused.
      if (!(await this.commit(outcome.value, -1))) return notRecorded("lag");
      this.pendingLags[0] = this.pendingLags[1] = null;
      this.mirror();
      return undefined;
    }

    private async onShot(client: Client, message: ShotMessage): Promise<Handled> {
      const seat = this.seatFor(client, "shot");
      if (typeof seat !== "number") return seat;
      if (!this.started) return waitingForOpponent("shot");
      if (this.timing.running) return stillAnimating("shot");
      const outcome = playShot(this.match, seat, message);
      if (!outcome.ok) return refusal("shot", outcome.error);
      return (await this.commit(outcome.value, seat)) ? undefined : notRecorded("shot");
    }

    private async onAnswer(client: Client, message: AnswerMessage): Promise<Handled> {
      const seat = this.seatFor(client, "answer");
      if (typeof seat !== "number") return seat;
      if (this.timing.running) return stillAnimating("answer");
      const outcome = answerOffer(this.match, seat, message);
      if (!outcome.ok) return refusal("answer", outcome.error);
      // An answer is accepted only while an offer waits: this is the offer it answers.
      const offer = this.match.flow.offer?.kind;
      if (!(await this.commit(outcome.value, seat))) return notRecorded("answer");
      this.tell({
        kind: message.accept ? "take" : "pass",
        seat,
        shotNumber: message.shotNumber,
        ...(offer ? { offer } : {}),
      });
      return undefined;
    }

    /** The player to move has seen the last shot: the next one may be played without waiting any longer. */
    private onSeen(client: Client, message: SeenMessage): Handled {
      const seat = this.seatFor(client, "seen");
      if (typeof seat !== "number") return seat;
      if (seat === this.state.toMove && message.shotNumber === this.state.shotNumber) this.timing.endAnimation();
      return undefined;
    }

    private async onResign(client: Client): Promise<Handled> {
      const seat = this.seatFor(client, "resign");
      if (typeof seat !== "number") return seat;
      // Alone at the table there is nobody to lose to: the second joiner would inherit a finished match.
      if (!this.started) return waitingForOpponent("resign");
      const outcome = resign(this.match, seat);
      if (!outcome.ok) return refusal("resign", outcome.error);
      if (!(await this.commit(outcome.value, seat))) return notRecorded("resign");
      this.tell({ kind: "resign", seat, shotNumber: this.state.shotNumber });
      return undefined;
    }

    private onRematch(client: Client): Handled {
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

    private onAim(client: Client, message: AimMessage): Handled {
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
      const line: ChatBroadcast = {
        name,
        role: seat === null ? "spectator" : "player",
        seat,
        text: message.text,
        at: Date.now(),
      };
      this.chatHistory.push(line);
      if (this.chatHistory.length > CHAT_HISTORY_LINES) this.chatHistory.shift();
      this.broadcast("chat", line);
      return undefined;
    }

    /** The sender's seat, or the error for a spectator. */
    private seatFor(client: Client, type: string): SeatIndex | ClientError {
      const seat = this.seating.seatOf(client.sessionId);
      return seat === null ? notSeated(type) : seat;
    }

    private tell(action: ActionBroadcast): void {
      this.broadcast("action", action);
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
      void this.queue(async () => {
        const seat = viewMatch(this.match).toMove;
        const outcome = expireShotClock(this.match);
        if (outcome.ok && !(await this.commit(outcome.value, seat ?? -1))) {
          this.clock.setTimeout(() => this.shotClockExpired(), RECORD_RETRY_MS);
        }
        return undefined;
      });
    }

    // ---- seats --------------------------------------------------------------------------------------

    private seatExpired(seat: SeatIndex): void {
      void this.queue(async () => {
        if (this.seating.isPresent(seat)) {
          this.holds.release(seat);
          return undefined;
        }
        if (this.started && viewMatch(this.match).phase !== "finished") {
          const outcome = resign(this.match, seat, "absence");
          if (outcome.ok && !(await this.commit(outcome.value, seat))) {
            this.holds.retryExpiry(seat, RECORD_RETRY_MS);
            return undefined;
          }
          if (outcome.ok) this.tell({ kind: "absence", seat, shotNumber: this.state.shotNumber });
        } else {
          // Before the match, or after it, an absent player's seat is simply freed for someone else.
          this.seating.release(seat);
          this.state.rematch[seat] = false;
        }
        this.holds.release(seat);
        this.afterSeatsChanged();
        return undefined;
      });
    }

    /**
     * The seat's holder came back on a new connection: the old session goes, whether it is still open or
     * waiting for the SDK to reconnect it (its reserved place is given up at once).
     */
    private replaceSession(sessionId: string): void {
      this.clients.getById(sessionId)?.leave(CLOSE_SEAT_TAKEN_OVER, "seat taken over");
      this.reconnections.get(sessionId)?.reject(new Error("seat taken over"));
    }

    private afterSeatsChanged(): void {
      mirrorSeats(this.state, this.seating);
      this.beginWhenSeated();
      this.updateLobby(viewMatch(this.match));
    }

    private updateLobby(view: MatchView): void {
      void this.setMetadata(lobbyMetadata(this.roomId, this.seating, view, this.started));
    }
  };
}

function addressOf(client: Client): string {
  return (client.auth as Admitted | undefined)?.address ?? "unknown";
}

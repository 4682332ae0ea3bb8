import { randomInt, randomUUID } from "node:crypto";
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
  drawValue,
  hasBegun,
  newMatch,
  type PlayedShot,
  RECORD_FORMAT,
  type RecordHeader,
  type TableSettings,
} from "@habibka/shared/match";
import type { EngineName } from "@habibka/shared/physics";
import {
  answerOffer,
  decide,
  expireShotClock,
  judgePlannedLag,
  judgePlannedShot,
  type MatchView,
  planLag,
  planShot,
  type Step,
  shotSimulation,
  viewMatch,
} from "@habibka/shared/pipeline";
import {
  type ActionBroadcast,
  AimMessage,
  AnswerMessage,
  type ChatBroadcast,
  ChatMessage,
  CLOSE_CODES,
  type ClientMessageType,
  CreateTableOptions,
  describeIssue,
  EmptyMessage,
  JoinTableOptions,
  LagMessage,
  readUntrusted,
  SeenMessage,
  ShotMessage,
} from "@habibka/shared/protocol";
import type { TableState } from "@habibka/shared/state";
import type { z } from "zod";
import {
  type ComputerAction,
  ComputerSeat,
  computerOpponentOf,
  computerSit,
  type Decider,
} from "../computer/computer-seat.ts";
import type { Logger } from "../logger.ts";
import type { ShotPhysics } from "../physics/physics-pool.ts";
import { type AddressLimits, CONNECTION_MESSAGES_PER_SECOND, type RateLimitSettings } from "../rate-limits.ts";
import type { MatchRecords } from "../records/match-records.ts";
import type { TableLeases } from "../records/table-leases.ts";
import { type AbandonedTable, abandonedTableOf } from "./abandoned-table.ts";
import { LiveMatch } from "./live-match.ts";
import { lobbyMetadata } from "./lobby-metadata.ts";
import { type ClientError, type Handled, MessageGuard, type MessageRule } from "./message-guard.ts";
import { aimOutOfTurn, notRecorded, notSeated, refusal, stillAnimating, waitingForOpponent } from "./room-errors.ts";
import { SeatHolds } from "./seat-holds.ts";
import { hashSeatToken, newSeatToken, type SeatIndex, Seating } from "./seating.ts";
import { shotBroadcast } from "./shot-broadcast.ts";
import { ShotTiming } from "./shot-timing.ts";
import { createSyncedState, mirrorMatch, mirrorSeats } from "./state-mirror.ts";
import { claimTableCode, releaseTableCode, reserveTableCode } from "./table-code.ts";
import { HeldPlace, takeWaitingPlace, type WaitingTables } from "./waiting-tables.ts";

/** What a room needs from its process, injected so that nothing is process-global. */
export interface RoomServices {
  readonly records: MatchRecords;
  /** The leases of the tables this process keeps. */
  readonly leases: TableLeases;
  readonly logger: Logger;
  /** Per-address limits shared by every table of the process (chat). */
  readonly limits: AddressLimits;
  /** Each message type's rate at a table (rate-limits.ts). */
  readonly messageRates: RateLimitSettings["message"];
  /** Each address's tables waiting for an opponent, over every process (waiting-tables.ts). */
  readonly waitingTables: WaitingTables;
  /** The process's pool of computer decisions (one per process, off the event loop), for tables against it. */
  readonly decisions: Decider;
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
  /**
   * Multiplies the computer's pauses: the time it seems to think and the moment its aim is shown (default 1,
   * real time). Tests that play it shrink them; what it plays is the same.
   */
  readonly thinkScale?: number;
  /**
   * Multiplies how long a deserted table whose match never began stays open (ABANDONED_TABLE_SECONDS;
   * default 1). Tests shrink it to see such a table close without waiting two minutes.
   */
  readonly abandonScale?: number;
  /** The physics engine this process simulates every shot on (PHYSICS_ENGINE). */
  readonly physicsEngine: EngineName;
  /** Where shots are simulated: a worker pool, off the event loop (physics/physics-pool.ts). */
  readonly physics: ShotPhysics;
}

/**
 * How the server itself reopens a table from its record after a restart. Never reachable from outside:
 * the HTTP front door takes only the documented table options.
 */
export interface RestoreOptions {
  readonly restore: { readonly matchId: string };
}

function isRestore(options: unknown): options is RestoreOptions {
  return typeof (options as RestoreOptions | null)?.restore?.matchId === "string";
}

/** How often the room's clock ticks and a state patch goes out when nothing else sent one. */
const STATE_BEAT_MS = 250;
/** A dropped spectator's place is kept this long for the SDK to reconnect. */
const SPECTATOR_RECONNECT_SECONDS = 5;
/** A join whose WebSocket never arrives gives its reservation up after this long. */
const RESERVATION_SECONDS = 8;
const CHAT_HISTORY_LINES = 50;
/** When the end of a hold, of the shot clock or a start could not be recorded, it is tried again after this long. */
const RECORD_RETRY_MS = 2_000;
/**
 * Closes after which the connection may not come back as the same session: the server closed it for bad
 * messages or for flooding, or its seat was taken over. A kicked player can still return to a held seat
 * with the seat token, as a new session. (An oversized frame is refused by the WebSocket layer, which the
 * room sees as an abnormal close, 1006: that one is indistinguishable from a network failure and keeps its
 * reconnection window.)
 */
const NO_RECONNECTION: ReadonlySet<number> = new Set([
  CLOSE_CODES.hostile,
  CLOSE_CODES.flooding,
  CLOSE_CODES.seatTakenOver,
]);

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
 * shared pipeline for the step, has the live match record and apply it, mirrors it into the synced state and
 * tells everyone. No rule of the game is decided here. Actions are handled one at a time, each written to
 * the match record before the match moves, so a restarted server folds the record back into the same table.
 */
export function createHabibkaRoom(services: RoomServices) {
  return class HabibkaRoom extends Room<{ state: TableState }> {
    // The two seats and the spectator cap are the seating's to enforce. Colyseus's own count includes
    // reservations never used and dropped sessions' places, and a room it finds full is locked to everyone,
    // seat holders included: so it never counts as full.
    override maxClients = Number.MAX_SAFE_INTEGER;
    override maxMessagesPerSecond = CONNECTION_MESSAGES_PER_SECOND;
    override seatReservationTimeout = RESERVATION_SECONDS;
    override state = createSyncedState();
    // The state is sent the moment an action or a seat changes it (sendState); this slower beat only carries
    // what the clocks change (the seconds left) and keeps the room's timers running.
    override patchRate = STATE_BEAT_MS;

    private settings!: TableSettings;
    private seating!: Seating;
    private guard!: MessageGuard;
    private live!: LiveMatch;
    private timing!: ShotTiming;
    private holds!: SeatHolds;
    private abandoned!: AbandonedTable;
    /** The table's place in its creator's count of waiting tables, until its second seat is taken. */
    private waiting: HeldPlace | null = null;
    /** The computer's seat at a table against it. */
    private computer: ComputerSeat | null = null;
    private chatHistory: ChatBroadcast[] = [];
    private chatSeq = 0;
    /** The server is shutting down: the table will be restored, so nothing more is recorded. */
    private restarting = false;
    /** Dropped sessions waiting for the SDK to reconnect them. */
    private readonly reconnections = new Map<string, Deferred<Client>>();
    /** The tail of the table's action queue. */
    private actions: Promise<unknown> = Promise.resolve();
    /** The lobby's listing of the table as last sent. */
    private listed = "";
    private readonly log = services.logger;

    override async onCreate(options: unknown): Promise<void> {
      if (isRestore(options)) await this.restore(options.restore.matchId);
      else await this.create(options);
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
            this.restartShotClock();
            // At once, not on the next beat: a player who skipped the animation may shoot the moment it ends.
            this.sendState();
            this.computer?.poke();
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
          return seat === null ? `address:${addressOf(client)}` : `seat:${seat}`;
        },
      );
      this.computer = this.computerSeat();
      if (this.settings.visibility === "private") await this.setPrivate(true);
      this.abandoned = abandonedTableOf(this, this.settings.visibility === "public", services.abandonScale ?? 1);
      Object.assign(this.state, {
        code: this.roomId,
        visibility: this.settings.visibility,
        opening: this.settings.opening,
        shotClock: this.settings.shotClock,
        seatHoldSeconds: this.settings.seatHoldSeconds,
        opponent: this.settings.opponent ?? "person",
        level: this.computer?.level ?? "",
      });
      this.registerMessages();
      this.guardFrames();
      this.showMatch();
      // Whoever held a seat before the restart has the whole hold to come back (the computer is back already).
      for (const seat of [0, 1] as const) {
        if (this.live.match.seats[seat] && !this.seating.isComputer(seat)) this.holds.hold(seat);
      }
    }

    /** A new table: its code, and its first match's record, exist before anyone is told of it. */
    private async create(options: unknown): Promise<void> {
      const { options: tableOptions, place } = takeWaitingPlace(options);
      const parsed = readUntrusted(CreateTableOptions, tableOptions);
      if (!parsed.ok) throw new ServerError(400, describeIssue(parsed.issue));
      const { visibility, opening, shotClock, seatHoldSeconds, spectatorCap, opponent, level } = parsed.value;
      this.settings = {
        visibility,
        opening,
        shotClock,
        seatHoldSeconds,
        spectatorCap,
        opponent,
        ...(level ? { level } : {}),
      };
      this.roomId = await reserveTableCode(this.presence);
      try {
        this.live = await this.startRecord();
        await this.seatComputer();
      } catch (cause) {
        // A record whose table never opened is closed, so that no restart brings the table back.
        await this.live?.closeUnbegun(Date.now()).catch(() => undefined);
        await releaseTableCode(this.presence, this.roomId);
        this.log.error({ err: cause }, "could not record a new table");
        throw new ServerError(503, "the server could not record the new table; try again");
      }
      if (place) this.waiting = new HeldPlace(services.waitingTables, place, this.clock);
    }

    /** A table brought back from its record after a restart, with the same code and settings. */
    private async restore(matchId: string): Promise<void> {
      const record = await services.records.loadRecord(matchId);
      if (!record) throw new Error(`no record ${matchId}`);
      this.settings = record.header.settings;
      this.roomId = record.header.code;
      // The lease (taken before the room was created) says this table is this process's: its code too.
      await claimTableCode(this.presence, record.header.code);
      this.live = LiveMatch.resume(record, services, () => this.leaseLost());
      const chat = await services.records.recentChat(matchId, CHAT_HISTORY_LINES);
      this.chatHistory = chat.lines;
      this.chatSeq = chat.nextSeq;
      this.log.info({ table: this.roomId, match: matchId, actions: record.actions.length }, "table restored");
    }

    /** At a table against the computer, the computer sits first, by the same `sit` as a person, recorded. */
    private async seatComputer(): Promise<void> {
      const opponent = computerOpponentOf(this.settings);
      if (!opponent) return;
      const sat = decide(this.live.match, computerSit(opponent.seat, opponent.level));
      if (!sat.ok) throw new Error(`the computer could not sit: ${sat.error.message}`);
      if (!(await this.live.commit(sat.value, Date.now()))) throw new Error("the computer's seat was not recorded");
    }

    /** The computer's driver at a table against it: it plays its seat through the same checks as a person. */
    private computerSeat(): ComputerSeat | null {
      const opponent = computerOpponentOf(this.settings);
      if (!opponent) return null;
      this.seating.seatComputer(opponent.seat);
      return new ComputerSeat({
        ...opponent,
        decider: services.decisions,
        logger: this.log,
        code: this.roomId,
        thinkScale: services.thinkScale ?? 1,
        table: {
          match: () => this.live.match,
          matchId: () => this.live.matchId,
          seed: () => this.live.header.seed,
          animating: () => this.timing.running !== null,
          aim: (message) => this.aimFrom(opponent.seat, message),
          act: (action) => this.queue(() => this.computerActs(opponent.seat, action)),
          // Not the room's clock, which ticks only on the state's beat: the aim's steps are shorter than that.
          // A wait that ends after the table closed finds the seat stopped and plays nothing.
          wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()),
        },
      });
    }

    /** The computer's action, checked as a person's message is (its shape, then the table's rules). */
    private computerActs(seat: SeatIndex, action: ComputerAction): Promise<Handled> | Handled {
      switch (action.type) {
        case "lag":
          return checked(LagMessage, "lag", action.message, (m) => this.lagFrom(seat, m));
        case "shot":
          return checked(ShotMessage, "shot", action.message, (m) => this.shotFrom(seat, m));
        case "answer":
          return checked(AnswerMessage, "answer", action.message, (m) => this.answerFrom(seat, m));
        case "rematch":
          return this.perform({ type: "rematch", player: seat });
      }
    }

    private async startRecord(): Promise<LiveMatch> {
      const seed = services.seed?.() ?? randomInt(0, 2 ** 31);
      const header: RecordHeader = {
        format: RECORD_FORMAT,
        matchId: randomUUID(),
        code: this.roomId,
        settings: this.settings,
        seed,
        createdAt: Date.now(),
      };
      const initial = newMatch({ opener: this.settings.opening, seed });
      return LiveMatch.start(header, initial, services, () => this.leaseLost());
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
        handle: (c, m) => this.queue(() => this.onChat(c, m)),
      });
      on("resign", { schema: EmptyMessage, handle: (c) => this.queue(() => this.onResign(c)) });
      on("rematch", { schema: EmptyMessage, handle: (c) => this.queue(() => this.onRematch(c)) });
      // The wildcard receives (client, type, payload) for unknown types, but (client, payload) for a message
      // whose type is "*" itself: whatever arrives in the type's place is only described, never trusted.
      this.onMessage("*", (client: Client, type: unknown) => this.guard.unknown(client, type));
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
        if (frame instanceof Uint8Array && frame.length > 0 && CLIENT_FRAMES.has(frame[0]!)) {
          decode.call(this, client, frame);
        } else this.guard.malformedFrame(client, frame?.length ?? 0);
      };
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
      const parsed = readUntrusted(JoinTableOptions, options);
      if (!parsed.ok) throw new ServerError(400, describeIssue(parsed.issue));
      return { ...parsed.value, address: context.ip ?? "unknown" };
    }

    override async onJoin(client: Client, _options: unknown, auth: Admitted): Promise<void> {
      const role = await this.queue(() => this.admit(client, auth));
      if (role !== undefined) throw new ServerError(role.code === "not-recorded" ? 503 : 409, role.message);
      const running = this.timing.runningForLateJoiner();
      if (running) client.send("shot", running);
    }

    /** Seats the joiner (a newcomer's `sit` is recorded first), or lets him watch, and welcomes him. */
    private async admit(client: Client, auth: Admitted): Promise<ClientError | undefined> {
      const admission = this.seating.admit(auth, this.live.match.seats);
      const chat = [...this.chatHistory];
      const matchId = this.live.matchId;
      if (admission.role === "refused")
        return { type: "join", code: "spectators-full", message: "spectators are full" };
      if (admission.role === "spectator") {
        this.seating.watch(client.sessionId, auth.name);
        client.send("welcome", { role: "spectator", seat: null, matchId, chat });
        this.afterSeatsChanged();
        return undefined;
      }
      let seatToken = auth.seatToken;
      if (admission.role === "newcomer") {
        seatToken = newSeatToken();
        const sat = decide(this.live.match, {
          type: "sit",
          player: admission.seat,
          name: auth.name,
          token: hashSeatToken(seatToken),
        });
        if (!sat.ok) return refusal("join", sat.error);
        if (!(await this.apply(sat.value))) return notRecorded("join");
      } else if (admission.replaces) {
        this.replaceSession(admission.replaces);
      }
      this.seating.seat(admission.seat, client.sessionId);
      this.holds.release(admission.seat);
      client.send("welcome", { role: "player", seat: admission.seat, seatToken, matchId: this.live.matchId, chat });
      this.log.info(
        { table: this.roomId, seat: admission.seat, returning: admission.role === "holder" },
        "player seated",
      );
      this.afterSeatsChanged();
      return undefined;
    }

    override onDrop(client: Client, code?: number): void {
      // A connection the server itself closed does not get its place kept: Colyseus then calls onLeave.
      if (code !== undefined && NO_RECONNECTION.has(code)) return;
      if (this.restarting) return;
      // The seat shows its player absent (`connected` false) until the SDK reconnects or the hold expires.
      const seat = this.seating.drop(client.sessionId);
      const seconds =
        seat === null ? SPECTATOR_RECONNECT_SECONDS : this.abandoned.reconnectionSeconds(this.settings.seatHoldSeconds);
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
      if (seat !== null && !this.restarting) {
        if (this.live.match.phase === "finished") {
          // After the match there is nothing to hold the seat for: it is free, and his rematch request goes.
          void this.queue(() => this.perform({ type: "leave", player: seat }));
        } else if (!this.holds.isHeld(seat)) {
          this.holds.hold(seat);
        }
      }
      this.afterSeatsChanged();
    }

    /** A redeploy: everyone is told to come back (4100), and the record stays as it is, to be restored. */
    override onBeforeShutdown(): void {
      this.restarting = true;
      this.computer?.stop();
      this.disconnect(CLOSE_CODES.serverRestarting).catch(() => undefined);
    }

    override async onDispose(): Promise<void> {
      this.computer?.stop();
      this.waiting?.giveUp();
      // Whatever was being recorded is finished first.
      await this.actions;
      // A table whose record could not be written never opened: its code went back when it failed.
      if (this.restarting || (this.live as LiveMatch | undefined) === undefined) return;
      await releaseTableCode(this.presence, this.roomId);
      this.live.release();
      await this.live
        .closeUnbegun(Date.now())
        .catch((cause: unknown) => this.log.error({ err: cause, table: this.roomId }, "could not close a record"));
    }

    /**
     * Another process holds this table now (it found the lease run out and restored it there): this copy
     * records nothing more, and everyone is sent to come back, which brings them to the one that holds it.
     */
    private leaseLost(): void {
      this.log.warn({ table: this.roomId, match: this.live.matchId }, "table taken over by another process");
      this.restarting = true;
      this.computer?.stop();
      this.disconnect(CLOSE_CODES.serverRestarting).catch(() => undefined);
    }

    // ---- the action queue ---------------------------------------------------------------------------

    /** Runs table actions one at a time, in arrival order: each sees the match the one before it left. */
    private queue<T>(work: () => T | Promise<T>): Promise<T> {
      const run = this.actions.then(work, work);
      this.actions = run.catch(() => undefined);
      return run;
    }

    /**
     * Records the step and only then applies it: the state is mirrored and everyone told. What follows from
     * it (the draw once the match begins, a new match after a rematch) is done at once. Returns false, with
     * the table unchanged, when the record could not be written.
     */
    private async apply(step: Step): Promise<boolean> {
      const transition = await this.live.commit(step, Date.now());
      if (!transition) return false;
      if (step.played) this.announce(step.played);
      this.showMatch();
      if (transition.began && this.live.match.phase === "draw") await this.drawOpener();
      if (transition.rematch) await this.startRematch();
      return true;
    }

    /** An action that needs no physics, for the room's own events (a seat's expiry, a leave). */
    private async perform(action: Parameters<typeof decide>[1]): Promise<Handled> {
      const step = decide(this.live.match, action);
      if (!step.ok) return refusal(action.type, step.error);
      return (await this.apply(step.value)) ? undefined : notRecorded(action.type);
    }

    private async drawOpener(): Promise<void> {
      const match = this.live.match;
      const source = { value: drawValue(this.live.header.seed) };
      const drawn = decide(match, { type: "draw", shot: match.shotNumber, source });
      if (drawn.ok && !(await this.apply(drawn.value))) {
        this.clock.setTimeout(() => void this.queue(() => this.drawOpener()), RECORD_RETRY_MS);
      }
    }

    /** Both asked: a new match at the same table, with the same players in the same seats. */
    private async startRematch(): Promise<void> {
      const seats = this.live.match.seats;
      let next: LiveMatch;
      try {
        next = await this.startRecord();
      } catch (cause) {
        this.log.error({ err: cause, table: this.roomId }, "could not record a rematch");
        return;
      }
      this.live.release();
      this.live = next;
      this.chatHistory = [];
      this.chatSeq = 0;
      this.timing.reset();
      this.state.animating = false;
      for (const player of [0, 1] as const) {
        const holder = seats[player];
        if (holder) await this.perform({ type: "sit", player, name: holder.name, token: holder.token });
      }
      this.showMatch();
    }

    // ---- match flow -------------------------------------------------------------------------------

    private onLag(client: Client, message: LagMessage): Promise<Handled> | Handled {
      const seat = this.seatFor(client, "lag");
      return typeof seat === "number" ? this.lagFrom(seat, message) : seat;
    }

    private async lagFrom(seat: SeatIndex, message: LagMessage): Promise<Handled> {
      if (!hasBegun(this.live.match)) return waitingForOpponent("lag");
      const plan = planLag(this.live.match, seat, message);
      if (!plan.ok) return refusal("lag", plan.error);
      const { pair } = plan.value;
      const simulated = pair ? await services.physics.simulate(pair.simulation, services.physicsEngine) : null;
      const step = judgePlannedLag(this.live.match, plan.value, simulated);
      if (!step.ok) return refusal("lag", step.error);
      return (await this.apply(step.value)) ? undefined : notRecorded("lag");
    }

    private onShot(client: Client, message: ShotMessage): Promise<Handled> | Handled {
      const seat = this.seatFor(client, "shot");
      return typeof seat === "number" ? this.shotFrom(seat, message) : seat;
    }

    private async shotFrom(seat: SeatIndex, message: ShotMessage): Promise<Handled> {
      if (!hasBegun(this.live.match)) return waitingForOpponent("shot");
      if (this.timing.running) return stillAnimating("shot");
      const plan = planShot(this.live.match, seat, message);
      if (!plan.ok) return refusal("shot", plan.error);
      const simulation = await services.physics.simulate(shotSimulation(plan.value), services.physicsEngine);
      const step = judgePlannedShot(this.live.match, plan.value, simulation);
      if (!step.ok) return refusal("shot", step.error);
      return (await this.apply(step.value)) ? undefined : notRecorded("shot");
    }

    private onAnswer(client: Client, message: AnswerMessage): Promise<Handled> | Handled {
      const seat = this.seatFor(client, "answer");
      return typeof seat === "number" ? this.answerFrom(seat, message) : seat;
    }

    private async answerFrom(seat: SeatIndex, message: AnswerMessage): Promise<Handled> {
      if (this.timing.running) return stillAnimating("answer");
      const offer = this.live.match.offer?.kind;
      const step = answerOffer(this.live.match, seat, message);
      if (!step.ok) return refusal("answer", step.error);
      if (!(await this.apply(step.value))) return notRecorded("answer");
      this.tell({
        kind: message.accept ? "take" : "pass",
        seat,
        shotNumber: message.shotNumber,
        ...(offer ? { offer } : {}),
      });
      return undefined;
    }

    /**
     * The player to move has seen the last shot: the next one may be played without waiting any longer. When the
     * computer is to move, the person opposite it is the one whose eyes it waits for.
     */
    private onSeen(client: Client, message: SeenMessage): Handled {
      const seat = this.seatFor(client, "seen");
      if (typeof seat !== "number") return seat;
      const toMove = this.state.toMove;
      const waitedFor = seat === toMove || ((toMove === 0 || toMove === 1) && this.seating.isComputer(toMove));
      if (waitedFor && message.shotNumber === this.state.shotNumber) this.timing.endAnimation();
      return undefined;
    }

    private async onResign(client: Client): Promise<Handled> {
      const seat = this.seatFor(client, "resign");
      if (typeof seat !== "number") return seat;
      // Alone at the table there is nobody to lose to: the second joiner would inherit a finished match.
      if (!hasBegun(this.live.match)) return waitingForOpponent("resign");
      const error = await this.perform({ type: "resign", shot: this.live.match.shotNumber, player: seat });
      if (!error) this.tell({ kind: "resign", seat, shotNumber: this.state.shotNumber });
      return error;
    }

    private onRematch(client: Client): Promise<Handled> | Handled {
      const seat = this.seatFor(client, "rematch");
      if (typeof seat !== "number") return seat;
      return this.perform({ type: "rematch", player: seat });
    }

    private onAim(client: Client, message: AimMessage): Handled {
      // A spectator gets the same answer as for any player's action (docs/PROTOCOL.md: not-seated).
      const seat = this.seatFor(client, "aim");
      return typeof seat === "number" ? this.aimFrom(seat, message, client) : seat;
    }

    /** The aim is relayed to everyone but the aimer (the computer has no connection to leave out). */
    private aimFrom(seat: SeatIndex, message: AimMessage, aimer?: Client): Handled {
      if (seat !== this.state.toMove) return aimOutOfTurn();
      this.broadcast("aim", { seat, ...message }, aimer ? { except: aimer } : {});
      return undefined;
    }

    /** A chat line is kept with the match (written before it is shown) and its last 50 sent to every joiner. */
    private async onChat(client: Client, message: ChatMessage): Promise<Handled> {
      const seat = this.seating.seatOf(client.sessionId);
      const name =
        seat === null
          ? (this.seating.spectators.get(client.sessionId) ?? "?")
          : (this.live.match.seats[seat]?.name ?? "?");
      const line: ChatBroadcast = {
        name,
        role: seat === null ? "spectator" : "player",
        seat,
        text: message.text,
        at: Date.now(),
      };
      try {
        await services.records.appendChat(this.live.matchId, this.chatSeq, line);
      } catch (cause) {
        this.log.error({ err: cause, table: this.roomId }, "could not record a chat line");
        return notRecorded("chat");
      }
      this.chatSeq++;
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

    /** The synced state, the shot clock and the lobby's listing, as the match now is. */
    private showMatch(): void {
      const view = viewMatch(this.live.match);
      this.state.matchId = this.live.matchId;
      // Seats first: the players' shelves and debts are mirrored into their entries.
      mirrorSeats(this.state, this.live.match.seats, this.seating);
      mirrorMatch(this.state, view);
      this.restartShotClock(view);
      this.updateLobby(view);
      this.sendState();
      this.computer?.poke();
    }

    /** Sends what changed in the state now, rather than at the next beat. */
    private sendState(): void {
      if (this.clients.length > 0) this.broadcastPatch();
    }

    private announce(played: PlayedShot): void {
      const message = shotBroadcast(this.live.matchId, played);
      this.broadcast("shot", message);
      this.state.animating = message.duration > 0;
      this.timing.startAnimation(message);
    }

    /** The shot clock runs for the player to move in the opening and in play (not in the lag). */
    private restartShotClock(view: MatchView = viewMatch(this.live.match)): void {
      this.timing.restartClock(view.toMove !== null && (view.phase === "opening" || view.phase === "play"));
    }

    private shotClockExpired(): void {
      void this.queue(async () => {
        const step = expireShotClock(this.live.match);
        if (step.ok && !(await this.apply(step.value))) {
          this.clock.setTimeout(() => this.shotClockExpired(), RECORD_RETRY_MS);
        }
      });
    }

    // ---- seats --------------------------------------------------------------------------------------

    private seatExpired(seat: SeatIndex): void {
      void this.queue(async () => {
        if (this.seating.isPresent(seat) || !this.live.match.seats[seat]) {
          this.holds.release(seat);
          return;
        }
        const playing = hasBegun(this.live.match) && this.live.match.phase !== "finished";
        const error = await this.perform({ type: "expire", player: seat });
        if (error?.code === "not-recorded") {
          this.holds.retryExpiry(seat, RECORD_RETRY_MS);
          return;
        }
        if (!error && playing) this.tell({ kind: "absence", seat, shotNumber: this.state.shotNumber });
        this.holds.release(seat);
        this.afterSeatsChanged();
      });
    }

    /**
     * The seat's holder came back on a new connection: the old session goes, whether it is still open or
     * waiting for the SDK to reconnect it (its reserved place is given up at once).
     */
    private replaceSession(sessionId: string): void {
      this.clients.getById(sessionId)?.leave(CLOSE_CODES.seatTakenOver, "seat taken over");
      this.reconnections.get(sessionId)?.reject(new Error("seat taken over"));
    }

    private afterSeatsChanged(): void {
      mirrorSeats(this.state, this.live.match.seats, this.seating);
      this.updateLobby(viewMatch(this.live.match));
      this.sendState();
    }

    /**
     * The lobby's listing of this table, sent on only when what it shows changed: every update reaches every
     * lobby of every process, and most actions (a shot that scores nothing) change none of it. A table nobody
     * is at before its match began is not listed at all (abandoned-table.ts).
     */
    private updateLobby(view: MatchView): void {
      const begun = hasBegun(this.live.match);
      this.abandoned.update(begun, this.seating.anyoneHere());
      if (begun) this.waiting?.giveUp();
      const metadata = lobbyMetadata(this.roomId, this.live.match, this.seating, view);
      const listed = JSON.stringify(metadata);
      if (listed === this.listed) return;
      this.listed = listed;
      void this.setMetadata(metadata);
    }
  };
}

/** A message the room builds itself, checked by its schema as a client's would be. */
function checked<S extends z.ZodType>(
  schema: S,
  type: ClientMessageType,
  payload: unknown,
  handle: (message: z.infer<S>) => Promise<Handled> | Handled,
): Promise<Handled> | Handled {
  const parsed = readUntrusted(schema, payload);
  if (parsed.ok) return handle(parsed.value);
  return { type, code: "bad-message", message: `${type}: ${describeIssue(parsed.issue)}` };
}

function addressOf(client: Client): string {
  return (client.auth as Admitted | undefined)?.address ?? "unknown";
}

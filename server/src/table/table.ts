import {
  drawValue,
  hasBegun,
  type MatchAction,
  type MatchRecord,
  type MatchResult,
  type MatchState,
  type PlayedShot,
  type TableSettings,
} from "@habibka/shared/match";
import { expireShotClock, type MatchView, type Step, stepMatch, viewMatch } from "@habibka/shared/pipeline";
import { type ActionBroadcast, type ChatBroadcast, CLOSE_CODES, type JoinTableOptions } from "@habibka/shared/protocol";
import type { PlayerIndex } from "@habibka/shared/rules";
import type { ComputerSeat } from "../computer/computer-seat.ts";
import type { Command, SeatedSender, Sender } from "./commands.ts";
import { computerAtTable } from "./computer-at-table.ts";
import { LiveMatch } from "./live-match.ts";
import { rematchAgreed, seatComputer, startRecord } from "./new-match.ts";
import { type ClientError, type Handled, notRecorded, refusal } from "./refusals.ts";
import { SeatHolds } from "./seat-holds.ts";
import { hashSeatToken, newSeatToken, Seating } from "./seating.ts";
import { shotBroadcast } from "./shot-broadcast.ts";
import { ShotTiming } from "./shot-timing.ts";
import { mirrorMatch, mirrorSeats } from "./state-mirror.ts";
import { CHAT_HISTORY_LINES, TableChat } from "./table-chat.ts";
import { TableListing } from "./table-listing.ts";
import type { Member, TablePort } from "./table-port.ts";
import type { TableServices } from "./table-services.ts";
import type { WaitingPlace } from "./waiting-tables.ts";

/** A dropped spectator's place is kept this long for the SDK to reconnect. */
const SPECTATOR_RECONNECT_SECONDS = 5;
/** When the end of a hold, of the shot clock or a start could not be recorded, it is tried again after this long. */
const RECORD_RETRY_MS = 2_000;

/** Who asks to join, as the front door and the join options establish him. */
export type JoinRequest = JoinTableOptions & { readonly address: string };

/**
 * One table of Habibka: its live match and record, its action queue, its seats and watchers, its clocks and
 * the computer's seat. Actions are handled one at a time, each written to the match record before the match
 * moves; what follows from the match's state (the draw once both sit, a rematch's new record, the computer's
 * move, the shot clock, a seat's hold) is started from that state after any commit and after a restore, so a
 * table brought back from any prefix of its record goes on as it would have. No rule of the game is decided
 * here: the shared pipeline decides, the table records and tells. It speaks to its players through a port
 * (table-port.ts), so it runs without sockets too.
 */
export class Table {
  readonly settings: TableSettings;
  readonly code: string;
  readonly seating: Seating;
  readonly timing: ShotTiming;
  readonly computer: ComputerSeat | null;
  private live: LiveMatch;
  private readonly holds: SeatHolds;
  private readonly listing: TableListing;
  readonly services: TableServices;
  private readonly port: TablePort;
  private readonly chat: TableChat;
  /** The server is shutting down, or another process took the table: nothing more is recorded. */
  private restarting = false;
  /** The tail of the table's action queue. */
  private actions: Promise<unknown> = Promise.resolve();

  /** A new table: its first match's record exists (and the computer sits) before anyone is told of it. */
  static async create(
    settings: TableSettings,
    code: string,
    services: TableServices,
    port: TablePort,
    place: WaitingPlace | null,
  ): Promise<Table> {
    const lost = { table: null as Table | null };
    let live: LiveMatch | undefined;
    try {
      live = await startRecord(settings, code, services, () => lost.table?.leaseLost());
      await seatComputer(settings, live);
    } catch (cause) {
      // A record whose table never opened is closed, so that no restart brings the table back.
      await live?.closeUnbegun(Date.now()).catch(() => undefined);
      throw cause;
    }
    lost.table = new Table(settings, code, live, { lines: [], nextSeq: 0 }, services, port, place);
    return lost.table;
  }

  /** A table brought back from its record after a restart, with the same code, settings and chat. */
  static async restore(record: MatchRecord, services: TableServices, port: TablePort): Promise<Table> {
    const lost = { table: null as Table | null };
    const live = LiveMatch.resume(record, services, () => lost.table?.leaseLost());
    const chat = await services.records.recentChat(record.header.matchId, CHAT_HISTORY_LINES);
    const { settings, code } = record.header;
    lost.table = new Table(settings, code, live, chat, services, port, null);
    return lost.table;
  }

  private constructor(
    settings: TableSettings,
    code: string,
    live: LiveMatch,
    chat: { readonly lines: ChatBroadcast[]; readonly nextSeq: number },
    services: TableServices,
    port: TablePort,
    place: WaitingPlace | null,
  ) {
    this.settings = settings;
    this.code = code;
    this.live = live;
    this.chat = new TableChat(services, chat);
    this.services = services;
    this.port = port;
    this.seating = new Seating(settings.spectatorCap);
    this.timing = new ShotTiming(
      port.clock,
      {
        shotClock: settings.shotClock,
        animationScale: services.animationScale ?? 1,
        clockScale: services.clockScale ?? 1,
      },
      {
        animationEnded: () => {
          port.state.animating = false;
          this.restartShotClock();
          // Soon, not on the next beat: a player who skipped the animation may shoot the moment it ends. Not
          // from inside this call, which may be the room clock's tick: sending the state ticks that clock.
          queueMicrotask(() => port.sendState());
          this.computer?.poke();
        },
        clockChanged: (secondsLeft) => {
          port.state.clockLeft = secondsLeft;
        },
        clockExpired: () => this.shotClockExpired(),
      },
    );
    this.holds = new SeatHolds(port.clock, settings.seatHoldSeconds, {
      expired: (seat) => this.seatExpired(seat),
      secondsLeftChanged: (seat, secondsLeft) => {
        const player = port.state.players.get(String(seat));
        if (player) player.holdLeft = secondsLeft;
      },
      // A room closes once its last connection left: not while a seat waits for its player.
      anyHeldChanged: (anyHeld) => port.setAutoDispose(!anyHeld),
    });
    this.listing = new TableListing(settings, code, services, port, place);
    this.computer = computerAtTable(this);
  }

  get match(): MatchState {
    return this.live.match;
  }

  /** The synced state as the players see it (the shot number and the player to move as shown). */
  get state() {
    return this.port.state;
  }

  get matchId(): string {
    return this.live.matchId;
  }

  /** The current match's seed: its draw, its rack and the computer's decisions follow from it. */
  get seed(): number {
    return this.live.header.seed;
  }

  /**
   * The table opens: its settings and match are shown, whoever held a seat before a restart has the whole
   * hold to come back, and whatever the match's state waits for is started.
   */
  open(): void {
    Object.assign(this.port.state, {
      code: this.code,
      visibility: this.settings.visibility,
      opening: this.settings.opening,
      shotClock: this.settings.shotClock,
      seatHoldSeconds: this.settings.seatHoldSeconds,
      opponent: this.settings.opponent ?? "person",
      level: this.computer?.level ?? "",
    });
    this.showMatch();
    for (const seat of [0, 1] as const) {
      if (this.live.match.seats[seat] && !this.seating.isComputer(seat)) this.holds.hold(seat);
    }
    void this.queue(() => this.followUp());
  }

  // ---- connections ----------------------------------------------------------------------------------

  /** Seats the joiner (a newcomer's `sit` is recorded first) or lets him watch; a refusal otherwise. */
  join(member: Member, request: JoinRequest): Promise<ClientError | undefined> {
    return this.queue(async () => {
      const refused = await this.admit(member, request);
      if (refused) return refused;
      const running = this.timing.runningForLateJoiner();
      if (running) member.send("shot", running);
      return undefined;
    });
  }

  private async admit(member: Member, request: JoinRequest): Promise<ClientError | undefined> {
    const admission = this.seating.admit(request, this.live.match.seats);
    const chat = this.chat.recent();
    if (admission.role === "refused") return { type: "join", code: "spectators-full", message: "spectators are full" };
    if (admission.role === "spectator") {
      this.seating.watch(member.sessionId, request.name);
      member.send("welcome", { role: "spectator", seat: null, matchId: this.live.matchId, chat });
      this.afterSeatsChanged();
      return undefined;
    }
    let seatToken = request.seatToken;
    if (admission.role === "newcomer") {
      seatToken = newSeatToken();
      const sat = stepMatch(this.live.match, {
        type: "sit",
        player: admission.seat,
        name: request.name,
        token: hashSeatToken(seatToken),
      });
      if (!sat.ok) return refusal("join", sat.error);
      if (!(await this.apply(sat.value))) return notRecorded("join");
    } else if (admission.replaces) {
      this.port.replaceSession(admission.replaces);
    }
    this.seating.seat(admission.seat, member.sessionId);
    this.holds.release(admission.seat);
    member.send("welcome", { role: "player", seat: admission.seat, seatToken, matchId: this.live.matchId, chat });
    this.services.logger.info(
      { table: this.code, seat: admission.seat, returning: admission.role === "holder" },
      "player seated",
    );
    this.afterSeatsChanged();
    return undefined;
  }

  /**
   * A connection dropped: how long the SDK may bring it back (a seat's hold, a spectator's few seconds), or
   * null when nothing is kept (the table is restarting). A seat shows its player absent meanwhile.
   */
  drop(sessionId: string): number | null {
    if (this.restarting) return null;
    const seat = this.seating.drop(sessionId);
    if (seat === null) return SPECTATOR_RECONNECT_SECONDS;
    this.holds.hold(seat);
    this.afterSeatsChanged();
    return this.listing.reconnectionSeconds(this.settings.seatHoldSeconds);
  }

  reconnect(sessionId: string): void {
    const seat = this.seating.reconnect(sessionId);
    if (seat !== null) this.holds.release(seat);
    this.afterSeatsChanged();
  }

  leave(sessionId: string): void {
    const seat = this.seating.disconnect(sessionId);
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

  /** The seat a connection holds, or null for a spectator. */
  seatOf(sessionId: string): PlayerIndex | null {
    return this.seating.seatOf(sessionId);
  }

  /** A redeploy: everyone is told to come back (4100), and the record stays as it is, to be restored. */
  shutDown(): void {
    this.restarting = true;
    this.computer?.stop();
    this.port.closeAll(CLOSE_CODES.serverRestarting);
  }

  /**
   * The table closes: what was being recorded is finished first, then a match that never began is closed.
   * False when the table is only restarting (its record stays, to be restored, and its code with it).
   */
  async dispose(): Promise<boolean> {
    this.computer?.stop();
    this.listing.close();
    await this.actions;
    if (this.restarting) return false;
    this.live.release();
    await this.live
      .closeUnbegun(Date.now())
      .catch((cause: unknown) =>
        this.services.logger.error({ err: cause, table: this.code }, "could not close a record"),
      );
    return true;
  }

  /**
   * Another process holds this table now (it found the lease run out and restored it there): this copy
   * records nothing more, and everyone is sent to come back, which brings them to the one that holds it.
   */
  private leaseLost(): void {
    this.services.logger.warn({ table: this.code, match: this.live.matchId }, "table taken over by another process");
    this.shutDown();
  }

  // ---- commands ---------------------------------------------------------------------------------------

  /** A message of the command table, from a connection or from the computer's seat, in its turn. */
  run<M>(command: Command<M>, sender: Sender, message: M): Handled | Promise<Handled> {
    if (command.seated && sender.seat === null) return command.refuseSpectator;
    const handle = () => command.handle(this, sender as SeatedSender, message);
    return command.queued ? this.queue(handle) : handle();
  }

  /** Records a step of the pipeline's and applies it: refusals pass through, a failed write is `not-recorded`. */
  async play(type: string, step: MatchResult<Step>): Promise<Handled> {
    if (!step.ok) return refusal(type, step.error);
    return (await this.apply(step.value)) ? undefined : notRecorded(type);
  }

  /** An action that needs no physics: a player's resignation or rematch, a seat's expiry, a leave. */
  async perform(action: MatchAction): Promise<Handled> {
    return this.play(action.type, stepMatch(this.live.match, action));
  }

  tell(action: ActionBroadcast): void {
    this.port.broadcast("action", action);
  }

  broadcast(type: string, message: unknown, except?: Member): void {
    this.port.broadcast(type, message, except);
  }

  /** A chat line is kept with the match (written before it is shown) and its last 50 sent to every joiner. */
  async say(sender: Sender, text: string): Promise<Handled> {
    const { seat } = sender;
    const name =
      seat === null
        ? (this.seating.spectators.get(sender.member?.sessionId ?? "") ?? "?")
        : (this.live.match.seats[seat]?.name ?? "?");
    const line: ChatBroadcast = { name, role: seat === null ? "spectator" : "player", seat, text, at: Date.now() };
    if (!(await this.chat.add(this.live.matchId, line, this.code))) return notRecorded("chat");
    this.port.broadcast("chat", line);
    return undefined;
  }

  // ---- the action queue ---------------------------------------------------------------------------------

  /** Runs table actions one at a time, in arrival order: each sees the match the one before it left. */
  queue<T>(work: () => T | Promise<T>): Promise<T> {
    const run = this.actions.then(work, work);
    this.actions = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every action queued so far is done (tests, and the table's own closing). */
  settled(): Promise<unknown> {
    return this.actions;
  }

  /**
   * Records the step and only then applies it: the state is mirrored and everyone told, then whatever the
   * new state waits for is started. Returns false, with the table unchanged, when the record could not be
   * written.
   */
  private async apply(step: Step): Promise<boolean> {
    const transition = await this.live.commit(step, Date.now());
    if (!transition) return false;
    if (step.played) this.announce(step.played);
    this.showMatch();
    await this.followUp();
    return true;
  }

  /**
   * What the match's state waits for from the table itself, the same after a commit and after a restore:
   * the opener drawn once both sit at a table that draws, and a new match once both asked for a rematch.
   * (The computer's move and the shot clock follow from `showMatch`; the seats' holds from `open`.)
   */
  private async followUp(): Promise<void> {
    const match = this.live.match;
    if (match.phase === "draw") await this.drawOpener();
    else if (rematchAgreed(match)) await this.startRematch();
  }

  private async drawOpener(): Promise<void> {
    const match = this.live.match;
    const drawn = stepMatch(match, {
      type: "draw",
      shot: match.shotNumber,
      source: { value: drawValue(this.live.header.seed) },
    });
    if (drawn.ok && !(await this.apply(drawn.value))) {
      this.port.clock.setTimeout(() => void this.queue(() => this.followUp()), RECORD_RETRY_MS);
    }
  }

  /** Both asked: a new match at the same table, with the same players in the same seats. */
  private async startRematch(): Promise<void> {
    const seats = this.live.match.seats;
    let next: LiveMatch;
    try {
      next = await startRecord(this.settings, this.code, this.services, () => this.leaseLost());
    } catch (cause) {
      this.services.logger.error({ err: cause, table: this.code }, "could not record a rematch");
      this.port.clock.setTimeout(() => void this.queue(() => this.followUp()), RECORD_RETRY_MS);
      return;
    }
    this.live.release();
    this.live = next;
    this.chat.reset();
    this.timing.reset();
    this.port.state.animating = false;
    for (const player of [0, 1] as const) {
      const holder = seats[player];
      if (holder) await this.perform({ type: "sit", player, name: holder.name, token: holder.token });
    }
    this.showMatch();
  }

  // ---- what everyone sees -------------------------------------------------------------------------------

  /** The synced state, the shot clock and the lobby's listing, as the match now is. */
  private showMatch(): void {
    const view = viewMatch(this.live.match);
    this.port.state.matchId = this.live.matchId;
    // Seats first: the players' shelves and debts are mirrored into their entries.
    mirrorSeats(this.port.state, this.live.match.seats, this.seating);
    mirrorMatch(this.port.state, view);
    this.restartShotClock(view);
    this.listing.update(this.live.match, this.seating, view);
    this.port.sendState();
    this.computer?.poke();
  }

  private announce(played: PlayedShot): void {
    const message = shotBroadcast(this.live.matchId, played);
    this.port.broadcast("shot", message);
    this.port.state.animating = message.duration > 0;
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
        this.port.clock.setTimeout(() => this.shotClockExpired(), RECORD_RETRY_MS);
      }
    });
  }

  private afterSeatsChanged(): void {
    mirrorSeats(this.port.state, this.live.match.seats, this.seating);
    this.listing.update(this.live.match, this.seating, viewMatch(this.live.match));
    this.port.sendState();
  }

  // ---- seats ---------------------------------------------------------------------------------------------

  private seatExpired(seat: PlayerIndex): void {
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
      if (!error && playing) this.tell({ kind: "absence", seat, shotNumber: this.port.state.shotNumber });
      this.holds.release(seat);
      this.afterSeatsChanged();
    });
  }
}

import type { ComputerSeat } from "@habibka/shared/computer";
import type { MatchAction, MatchRecord, MatchResult, MatchState, TableSettings } from "@habibka/shared/match";
import { type Step, stepMatch } from "@habibka/shared/pipeline";
import { type ActionBroadcast, type ChatBroadcast, CLOSE_CODES } from "@habibka/shared/protocol";
import type { PlayerIndex } from "@habibka/shared/rules";
import { ActionQueue } from "./action-queue.ts";
import type { Command, SeatedSender, Sender } from "./commands.ts";
import { computerAtTable } from "./computer-at-table.ts";
import { LiveMatch } from "./live-match.ts";
import { seatComputer, startRecord } from "./new-match.ts";
import { type ClientError, type Handled, notRecorded, refusal } from "./refusals.ts";
import { SeatAccounts } from "./seat-accounts.ts";
import { SeatKeeping } from "./seat-keeping.ts";
import { Seating } from "./seating.ts";
import { ShotTiming } from "./shot-timing.ts";
import { type AdmissionParts, admit, type JoinRequest } from "./table-admission.ts";
import { CHAT_HISTORY_LINES, TableChat } from "./table-chat.ts";
import { TableDisplay } from "./table-display.ts";
import { TableListing } from "./table-listing.ts";
import { TableMatch } from "./table-match.ts";
import type { Member, TablePort } from "./table-port.ts";
import type { TableServices } from "./table-services.ts";
import type { WaitingPlace } from "./waiting-tables.ts";

/** A dropped spectator's place is kept this long for the SDK to reconnect. */
const SPECTATOR_RECONNECT_SECONDS = 5;

/**
 * One table of Habibka: its live match and record, its action queue, its seats and watchers, its clocks and
 * the computer's seat. Actions are handled one at a time, each written to the match record before the match
 * moves; what follows from the match's state (the draw once both sit, a rematch's new record, the computer's
 * move, the shot clock, a seat's hold) is started from that state after any commit and after a restore, so a
 * table brought back from any prefix of its record goes on as it would have. No rule of the game is decided
 * here: the shared pipeline decides, the table records and tells. It speaks to its players through a port
 * (table-port.ts), so it runs without sockets too. Its jobs have their own modules: the match and what
 * follows from it (table-match.ts), what everyone sees (table-display.ts), who joins as what
 * (table-admission.ts), the seats' holds as connections come and go (seat-keeping.ts), and the queue
 * (action-queue.ts); this class holds them together and takes the connections' and the commands' calls.
 */
export class Table {
  readonly settings: TableSettings;
  readonly code: string;
  readonly seating: Seating;
  readonly timing: ShotTiming;
  readonly computer: ComputerSeat | null;
  /** The current match; a rematch replaces what it keeps. */
  private readonly current: TableMatch;
  private readonly seats: SeatKeeping;
  private readonly listing: TableListing;
  private readonly display: TableDisplay;
  /** The accounts seated here: their ratings, and their presence. */
  private readonly accounts: SeatAccounts;
  private readonly admission: AdmissionParts;
  readonly services: TableServices;
  private readonly port: TablePort;
  private readonly chat: TableChat;
  /** The server is shutting down, or another process took the table: nothing more is recorded. */
  private restarting = false;
  private readonly actions = new ActionQueue();

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
      await live?.closeTable(Date.now()).catch(() => undefined);
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
    await lost.table.accounts
      .reload(live.match.seats)
      .catch((cause: unknown) =>
        services.logger.warn({ err: cause, table: code }, "could not read the seats' ratings"),
      );
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
    this.chat = new TableChat(services, chat);
    this.services = services;
    this.port = port;
    this.seating = new Seating(settings.spectatorCap);
    const scales = { animationScale: services.animationScale ?? 1, clockScale: services.clockScale ?? 1 };
    this.timing = new ShotTiming(
      port.clock,
      { shotClock: settings.shotClock, ...scales },
      {
        animationEnded: () => this.display.animationEnded(this.current.match),
        clockSet: (msLeft) => this.display.showClock(msLeft),
        clockExpired: () => this.current.clockExpired(),
      },
    );
    this.listing = new TableListing(settings, code, services, port, place);
    this.accounts = new SeatAccounts({
      accounts: services.accounts,
      settings,
      code,
      clock: port.clock,
      logger: services.logger,
    });
    const parts = { port, seating: this.seating, timing: this.timing, listing: this.listing, accounts: this.accounts };
    this.display = new TableDisplay(parts, () => this.computer?.poke());
    this.current = new TableMatch(live, {
      settings,
      code,
      services,
      clock: port.clock,
      queue: this.actions,
      display: this.display,
      rematched: () => {
        this.chat.reset();
        this.timing.reset();
        port.state.animating = false;
      },
      leaseLost: () => this.leaseLost(),
      finishedWithAccounts: (matchId) => this.settle(matchId),
    });
    this.seats = new SeatKeeping({
      seating: this.seating,
      port,
      display: this.display,
      match: this.current,
      queue: this.actions,
      holdSeconds: settings.seatHoldSeconds,
      perform: (action) => this.perform(action),
      tell: (action) => this.tell(action),
    });
    this.admission = {
      seating: this.seating,
      holds: this.seats.holds,
      chat: this.chat,
      port,
      display: this.display,
      match: this.current,
      logger: services.logger,
      code,
      rules: { rated: settings.rated === true, invited: settings.invited ?? null },
      accounts: this.accounts,
    };
    this.computer = computerAtTable(this);
  }

  get match(): MatchState {
    return this.current.match;
  }

  /** The synced state as the players see it (the shot number and the player to move as shown). */
  get state() {
    return this.port.state;
  }

  get matchId(): string {
    return this.current.matchId;
  }

  /** The current match's seed: its draw, its rack and the computer's decisions follow from it. */
  get seed(): number {
    return this.current.header.seed;
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
      rated: this.settings.rated === true,
    });
    this.current.show();
    this.seats.holdForAbsent();
    void this.queue(() => this.current.followUp());
  }

  // ---- connections ----------------------------------------------------------------------------------

  /** Seats the joiner (a newcomer's `sit` is recorded first) or lets him watch; a refusal otherwise. */
  join(member: Member, request: JoinRequest): Promise<ClientError | undefined> {
    return this.queue(async () => {
      const refused = await admit(this.admission, member, request);
      if (refused) return refused;
      const running = this.timing.runningForLateJoiner();
      if (running) member.send("shot", running);
      this.timing.retellClock();
      return undefined;
    });
  }

  /**
   * A connection dropped: how long the SDK may bring it back (a seat's hold, a spectator's few seconds), or
   * null when nothing is kept (the table is restarting). A seat shows its player absent meanwhile.
   */
  drop(sessionId: string): number | null {
    if (this.restarting) return null;
    if (!this.seats.dropped(sessionId)) return SPECTATOR_RECONNECT_SECONDS;
    return this.listing.reconnectionSeconds(this.settings.seatHoldSeconds);
  }

  reconnect(sessionId: string): void {
    this.seats.reconnected(sessionId);
    // The whole state goes to the returning client: with the clock's time left as of now.
    this.timing.retellClock();
  }

  leave(sessionId: string): void {
    this.seats.left(sessionId, this.restarting);
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
   * The table closes: what was being recorded is finished first, then its record is closed (a match that
   * never began) or marked as its table's last (a finished one), so that no restart brings it back. False
   * when the table is only restarting (its record stays, to be restored, and its code with it).
   */
  async dispose(): Promise<boolean> {
    this.computer?.stop();
    this.listing.close();
    this.accounts.close();
    await this.actions.settled();
    if (this.restarting) return false;
    this.current.release();
    await this.current
      .closeTable(Date.now())
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
    this.services.logger.warn({ table: this.code, match: this.current.matchId }, "table taken over by another process");
    this.shutDown();
  }

  /**
   * The match finished with an account at it: it is settled now (a crash meanwhile leaves it to the accounts'
   * sweep), and the seats show the ratings it left.
   */
  private settle(matchId: string): void {
    this.services.accounts
      .settle(matchId)
      .then((ratings) => {
        for (const [id, rating] of ratings) this.accounts.know(id, rating);
        if (ratings.size > 0) this.display.showSeats(this.current.match);
      })
      .catch((cause: unknown) =>
        this.services.logger.error({ err: cause, match: matchId }, "could not settle a finished match"),
      );
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
    return (await this.current.apply(step.value)) ? undefined : notRecorded(type);
  }

  /** An action that needs no physics: a player's resignation or rematch, a seat's expiry, a leave. */
  async perform(action: MatchAction): Promise<Handled> {
    return this.play(action.type, stepMatch(this.current.match, action));
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
        : (this.current.match.seats[seat]?.name ?? "?");
    const line: ChatBroadcast = { name, role: seat === null ? "spectator" : "player", seat, text, at: Date.now() };
    if (!(await this.chat.add(this.current.matchId, line, this.code))) return notRecorded("chat");
    this.port.broadcast("chat", line);
    return undefined;
  }

  // ---- the action queue ---------------------------------------------------------------------------------

  /** Runs table actions one at a time, in arrival order: each sees the match the one before it left. */
  queue<T>(work: () => T | Promise<T>): Promise<T> {
    return this.actions.run(work);
  }

  /** Resolves once every action queued so far is done (tests, and the table's own closing). */
  settled(): Promise<unknown> {
    return this.actions.settled();
  }
}

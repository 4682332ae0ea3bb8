import { type ComputerAction, ComputerSeat, type Decider, type SeatLogger } from "@habibka/shared/computer";
import {
  COMPUTER_NAMES,
  COMPUTER_SEAT,
  type ComputerLevel,
  type ComputerPace,
  drawValue,
  foldRecord,
  hasBegun,
  initialMatch,
  type MatchResult,
  type MatchState,
  type Opener,
  type RecordedAction,
  type RecordHeader,
  recordedPart,
} from "@habibka/shared/match";
import { DEFAULT_ENGINE, type EngineName, simulateForTable } from "@habibka/shared/physics";
import {
  answerOffer,
  judgePlannedLag,
  judgePlannedShot,
  planLag,
  planShot,
  type Step,
  shotBroadcast,
  shotSimulation,
  stepMatch,
  stepOnto,
} from "@habibka/shared/pipeline";
import {
  AnswerMessage,
  type ChatBroadcast,
  ChatMessage,
  type ErrorMessage,
  LagMessage,
  readUntrusted,
  SeenMessage,
  type ShotBroadcast,
  ShotMessage,
} from "@habibka/shared/protocol";
import { newHeader, resultOf, seatToken } from "./local-record.ts";
import { badMessage, error, refusal, stillAnimating } from "./local-refusals.ts";
import { type LocalState, localState } from "./local-state.ts";
import type { MatchStore } from "./match-store.ts";

/**
 * A table against the computer with no server: the page's own host of one match, run in its worker. It is
 * the server's table in small (server/src/table/): the same match state machine driven by the same pipeline
 * (stepMatch, planShot → simulate → judgePlannedShot), each action written to the match's record in this
 * browser (offline-store.ts) before anyone is told of it, the match and its record folded back alike after a
 * reload, and the computer in seat 1 played by the same `ComputerSeat` with the same search. It speaks to the
 * page as a table's room does (local-room.ts): the same messages (welcome, shot, action, aim, chat, error) and
 * the synced state as plain data, so the page shows it with the live table's own session and view.
 */

/** What the host sends the page: a room's message, or the synced state. */
export type LocalEvent =
  | { readonly kind: "message"; readonly type: string; readonly message: unknown }
  | { readonly kind: "state"; readonly state: LocalState };

/** A new match against the computer, or one this browser keeps, by its id. */
export type LocalTableRequest =
  | {
      readonly kind: "new";
      readonly name: string;
      readonly level: ComputerLevel;
      readonly pace: ComputerPace;
      readonly opening: Opener;
    }
  | { readonly kind: "resume"; readonly matchId: string };

export interface LocalTableHost {
  readonly store: MatchStore;
  readonly decider: Decider;
  readonly emit: (event: LocalEvent) => void;
  readonly engine?: EngineName;
  /** Multiplies the computer's pauses (tests shrink them). */
  readonly thinkScale?: number;
  /** Multiplies the wait for a shot's animation when the page does not say it has seen it (tests shrink it). */
  readonly animationScale?: number;
  readonly now?: () => number;
}

/** The margin after a shot's animation before the computer plays on, as at the server's table. */
const ANIMATION_MARGIN_MS = 250;
/** The seat the page's player takes: the creator's, as at any table against the computer. */
const PLAYER_SEAT = 0;

const QUIET_LOG: SeatLogger = {
  warn: (fields, message) => console.warn(message, fields),
  error: (fields, message) => console.error(message, fields),
};

/** The player's and the computer's actions, each checked as the server's command table checks it. */
const COMMANDS = ["shot", "lag", "answer", "resign", "rematch"] as const;
type Command = (typeof COMMANDS)[number];
const isCommand = (type: string): type is Command => (COMMANDS as readonly string[]).includes(type);

export class LocalTable {
  #header: RecordHeader;
  #match: MatchState;
  #seq: number;
  #animating: { readonly number: number; readonly timer: ReturnType<typeof setTimeout> } | null = null;
  #chain: Promise<unknown> = Promise.resolve();
  #closed = false;
  /** The page is told nothing until the table is open (both seats taken, the welcome sent). */
  #open = false;
  readonly #host: LocalTableHost;
  readonly #computer: ComputerSeat;

  private constructor(host: LocalTableHost, header: RecordHeader, match: MatchState, seq: number) {
    this.#host = host;
    this.#header = header;
    this.#match = match;
    this.#seq = seq;
    const level = header.settings.level ?? "amateur";
    this.#computer = new ComputerSeat({
      seat: COMPUTER_SEAT,
      level,
      pace: header.settings.pace ?? "normal",
      decider: host.decider,
      logger: QUIET_LOG,
      code: "offline",
      thinkScale: host.thinkScale ?? 1,
      table: {
        match: () => this.#match,
        matchId: () => this.#header.matchId,
        seed: () => this.#header.seed,
        animating: () => this.#animating !== null,
        aim: (message) => {
          this.#emit("aim", { seat: COMPUTER_SEAT, ...message });
          return undefined;
        },
        act: (action: ComputerAction) =>
          this.#queue(() =>
            this.#command(COMPUTER_SEAT, action.type, "message" in action ? action.message : undefined),
          ),
        wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      },
    });
  }

  /** Opens the table: a new match is recorded and both seats taken before the page is told anything. */
  static async open(request: LocalTableRequest, host: LocalTableHost): Promise<LocalTable | null> {
    if (request.kind === "resume") {
      const record = await host.store.record(request.matchId);
      if (!record) return null;
      const folded = foldRecord(record);
      if (!folded.ok) throw new Error(`offline match ${request.matchId}: ${folded.error.message}`);
      const table = new LocalTable(host, record.header, folded.value, record.actions.length);
      await table.#started();
      return table;
    }
    const header = newHeader(request, host.now?.() ?? Date.now());
    await host.store.create(header, [request.name, COMPUTER_NAMES[request.level]]);
    const table = new LocalTable(host, header, initialMatch(header), 0);
    await table.#seatBoth(request.name);
    await table.#started();
    return table;
  }

  get matchId(): string {
    return this.#header.matchId;
  }

  /** The strokes of the current match so far, as the page's log shows them (read from the record). */
  async shots(matchId: string): Promise<ShotBroadcast[]> {
    const record = await this.#host.store.record(matchId);
    if (!record) return [];
    const shots: ShotBroadcast[] = [];
    foldRecord(record, ({ played }) => shots.push(shotBroadcast(matchId, played)));
    return shots;
  }

  /** A message from the page's player, as a room receives one. */
  receive(type: string, payload: unknown): void {
    if (this.#closed) return;
    if (type === "seen") {
      const seen = readUntrusted(SeenMessage, payload);
      if (seen.ok && this.#animating && seen.value.shotNumber === this.#match.shotNumber) this.#animationEnded();
      return;
    }
    if (type === "chat") {
      // Nobody else is at the table: a line is only the player's own note, shown and not kept.
      const chat = readUntrusted(ChatMessage, payload);
      if (!chat.ok) return;
      const name = this.#match.seats[PLAYER_SEAT]?.name ?? "";
      const line: ChatBroadcast = { name, role: "player", seat: PLAYER_SEAT, text: chat.value.text, at: Date.now() };
      this.#emit("chat", line);
      return;
    }
    // The aim is relayed to nobody: the computer does not watch it.
    if (type === "aim") return;
    if (!isCommand(type)) {
      this.#emit("error", error(type, "unknown-message", `unknown message type ${type}`, "Неизвестное сообщение"));
      return;
    }
    void this.#queue(() => this.#command(PLAYER_SEAT, type, payload)).then((refused) => {
      if (refused) this.#emit("error", refused);
    });
  }

  /** The page left: nothing more is played (the record keeps the match to go on with later). */
  close(): void {
    this.#closed = true;
    this.#computer.stop();
    if (this.#animating) clearTimeout(this.#animating.timer);
    this.#animating = null;
  }

  /** Resolves once every action queued so far and the computer's turn under way are done (tests). */
  async settled(): Promise<void> {
    await this.#chain;
    await this.#computer.settled();
    await this.#chain;
  }

  // ---- commands: the server's command table in small (server/src/table/commands.ts) --------------------

  async #command(seat: 0 | 1, type: Command, payload: unknown): Promise<ErrorMessage | undefined> {
    const match = this.#match;
    switch (type) {
      case "shot": {
        const message = readUntrusted(ShotMessage, payload);
        if (!message.ok) return badMessage(type, message.issue);
        if (this.#animating) return stillAnimating(type);
        const plan = planShot(match, seat, message.value);
        if (!plan.ok) return refusal(type, plan);
        const simulated = simulateForTable(shotSimulation(plan.value), this.#engine);
        return this.#play(type, judgePlannedShot(match, plan.value, simulated));
      }
      case "lag": {
        const message = readUntrusted(LagMessage, payload);
        if (!message.ok) return badMessage(type, message.issue);
        const plan = planLag(match, seat, message.value);
        if (!plan.ok) return refusal(type, plan);
        const { pair } = plan.value;
        const simulated = pair ? simulateForTable(pair.simulation, this.#engine) : null;
        return this.#play(type, judgePlannedLag(match, plan.value, simulated));
      }
      case "answer": {
        const message = readUntrusted(AnswerMessage, payload);
        if (!message.ok) return badMessage(type, message.issue);
        if (this.#animating) return stillAnimating(type);
        const { accept, shotNumber } = message.value;
        const offer = match.offer?.kind;
        const refused = await this.#play(type, answerOffer(match, seat, message.value));
        if (!refused)
          this.#emit("action", { kind: accept ? "take" : "pass", seat, shotNumber, ...(offer ? { offer } : {}) });
        return refused;
      }
      case "resign": {
        if (!hasBegun(match)) return error(type, "wrong-phase", "the match has not begun", "Партия ещё не началась");
        const refused = await this.#play(
          type,
          stepMatch(match, { type: "resign", shot: match.shotNumber, player: seat }),
        );
        if (!refused) this.#emit("action", { kind: "resign", seat, shotNumber: match.shotNumber });
        return refused;
      }
      case "rematch":
        return this.#play(type, stepMatch(match, { type: "rematch", player: seat }));
    }
  }

  async #play(type: string, step: MatchResult<Step>): Promise<ErrorMessage | undefined> {
    if (!step.ok) return refusal(type, step);
    return (await this.#commit(step.value))
      ? undefined
      : error(
          type,
          "not-recorded",
          "this browser could not keep the action; nothing changed, try again",
          "Браузер не смог сохранить действие; ничего не изменилось, попробуйте ещё раз",
        );
  }

  /**
   * Writes the step's action to the record, then applies it as stored (the form the pipeline judged, as the
   * server's table does), announces its stroke and shows the match; then whatever the new state waits for.
   */
  async #commit(step: Step): Promise<boolean> {
    const applied = stepOnto(this.#match, step);
    if (!applied) throw new Error(`the match no longer takes an accepted ${step.action.type}`);
    const after = applied.state;
    const at = this.#host.now?.() ?? Date.now();
    const entry: RecordedAction = {
      at,
      action: step.action,
      ...(step.played ? { played: recordedPart(step.played) } : {}),
    };
    try {
      await this.#host.store.append(this.#header.matchId, this.#seq, entry, {
        names: [after.seats[0]?.name ?? "", after.seats[1]?.name ?? ""],
        result: resultOf(after, at),
      });
    } catch (cause) {
      console.error("an offline action could not be kept", cause);
      return false;
    }
    this.#seq++;
    this.#match = after;
    if (step.played) this.#announce(shotBroadcast(this.#header.matchId, step.played));
    this.#show();
    await this.#followUp();
    return true;
  }

  /** The draw once both sit at a table that draws, and a new match once both asked for a rematch. */
  async #followUp(): Promise<void> {
    const match = this.#match;
    if (match.phase === "draw") {
      const source = { value: drawValue(this.#header.seed) };
      const drawn = stepMatch(match, { type: "draw", shot: match.shotNumber, source });
      if (drawn.ok) await this.#commit(drawn.value);
    } else if (match.phase === "finished" && match.rematch[0] && match.rematch[1]) {
      await this.#rematch();
    }
  }

  async #rematch(): Promise<void> {
    const { settings } = this.#header;
    const seats = this.#match.seats;
    const level = settings.level ?? "amateur";
    const name = seats[PLAYER_SEAT]?.name ?? "";
    const header = newHeader(
      { kind: "new", name, level, pace: settings.pace ?? "normal", opening: settings.opening },
      this.#host.now?.() ?? Date.now(),
    );
    await this.#host.store.create(header, [name, COMPUTER_NAMES[level]]);
    this.#header = header;
    this.#match = initialMatch(header);
    this.#seq = 0;
    if (this.#animating) clearTimeout(this.#animating.timer);
    this.#animating = null;
    await this.#seatBoth(name);
  }

  /** The computer sits first, by the same `sit` as a person, then the player: both recorded. */
  async #seatBoth(name: string): Promise<void> {
    const level = this.#header.settings.level ?? "amateur";
    const computer = stepMatch(this.#match, {
      type: "sit",
      player: COMPUTER_SEAT,
      name: COMPUTER_NAMES[level],
      token: seatToken(),
    });
    if (!computer.ok || !(await this.#commit(computer.value))) throw new Error("the computer could not sit");
    const player = stepMatch(this.#match, { type: "sit", player: PLAYER_SEAT, name, token: seatToken() });
    if (!player.ok) throw new Error(`the player could not sit: ${player.error.message}`);
    if (!(await this.#commit(player.value))) throw new Error("the player's seat was not kept");
  }

  async #started(): Promise<void> {
    this.#open = true;
    this.#emit("welcome", { role: "player", seat: PLAYER_SEAT, matchId: this.#header.matchId, chat: [] });
    this.#show();
    await this.#followUp();
  }

  // ---- what the page sees --------------------------------------------------------------------------------

  #announce(message: ShotBroadcast): void {
    this.#emit("shot", message);
    if (message.duration <= 0) return;
    if (this.#animating) clearTimeout(this.#animating.timer);
    const wait = (message.duration * 1000 + ANIMATION_MARGIN_MS) * (this.#host.animationScale ?? 1);
    this.#animating = { number: message.number, timer: setTimeout(() => this.#animationEnded(), wait) };
  }

  #animationEnded(): void {
    if (!this.#animating) return;
    clearTimeout(this.#animating.timer);
    this.#animating = null;
    this.#show();
  }

  #show(): void {
    if (this.#closed || !this.#open) return;
    this.#host.emit({
      kind: "state",
      state: localState(this.#header, this.#match, this.#animating !== null),
    });
    this.#computer.poke();
  }

  #emit(type: string, message: unknown): void {
    if (!this.#closed && this.#open) this.#host.emit({ kind: "message", type, message });
  }

  get #engine(): EngineName {
    return this.#host.engine ?? DEFAULT_ENGINE;
  }

  /** One action at a time, in arrival order, each seeing the match the one before it left. */
  #queue<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#chain.then(work);
    this.#chain = run.catch(() => undefined);
    return run;
  }
}

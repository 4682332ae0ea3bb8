import type { MatchState } from "../match/match-state.ts";
import type { ComputerLevel, ComputerPace } from "../match/opponent.ts";
import { DEFAULT_COMPUTER_PACE } from "../match/opponent.ts";
import type { AimMessage, AnswerMessage, LagMessage, ShotMessage } from "../protocol/client-messages.ts";
import type { ErrorMessage } from "../protocol/server-messages.ts";
import { type Random, seededRandom } from "../random.ts";
import type { PlayerIndex } from "../rules/position.ts";
import { AIM_SHOW_MS, aimSweep, type Pause, pauseMs } from "./computer-pace.ts";
import type { Decision, ShotDecision } from "./decision.ts";
import { fallbackDecision } from "./fallback-decision.ts";
import { aimMessageOf, lagMessageOf, shotMessageOf, situationOf } from "./match-situation.ts";
import type { Situation } from "./situation.ts";

/**
 * The computer in one seat of a table: whenever the table pokes it, it looks at the match from its seat, and if
 * the seat has something to do (the lag, the opening, a shot, an offer to answer, a rematch the person asked
 * for) it thinks for a person's while, its search running in the decision pool meanwhile, shows its aim, and
 * plays through the table's own checks and pipeline, queued with everyone's actions. A search that fails or
 * does not answer in time is logged and replaced by a plain legal action, so the match never waits on it. It
 * keeps no state of the match: a restored table's computer simply looks again.
 */

/** What the computer asks the table to do: the messages a person would send. */
export type ComputerAction =
  | { readonly type: "lag"; readonly message: LagMessage }
  | { readonly type: "shot"; readonly message: ShotMessage }
  | { readonly type: "answer"; readonly message: AnswerMessage }
  | { readonly type: "rematch" };

/** What the computer's seat needs of its table. */
interface ComputerTable {
  readonly match: () => MatchState;
  /** The current match's record: its id and its seed (every match at the table has its own). */
  readonly matchId: () => string;
  readonly seed: () => number;
  /** A shot is still animating: the computer watches it to its end, as a person does. */
  readonly animating: () => boolean;
  /** Shows the computer's aim to the table, as a person's aim is relayed. */
  readonly aim: (message: AimMessage) => Refusal;
  /** Plays the action through the table's checks and pipeline; resolves with its refusal, if any. */
  readonly act: (action: ComputerAction) => Promise<Refusal>;
  /** Resolves after `ms`; the seat is stopped before its table closes, so a late wait plays nothing. */
  readonly wait: (ms: number) => Promise<void>;
}

/** A table's answer to an action: nothing when it was played, else the error a person's page would be sent. */
type Refusal = ErrorMessage | undefined;

/** Where the seat says what went wrong (the server's logger, a page's console). */
export interface SeatLogger {
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

/** The decision pool, a page's worker, or anything that decides like it. */
export interface Decider {
  decide(situation: Situation, level: ComputerLevel, seed: number): Promise<Decision>;
}

export interface ComputerSeatOptions {
  readonly seat: PlayerIndex;
  readonly level: ComputerLevel;
  /** How quickly it plays; the normal pace unless the table chose another. */
  readonly pace?: ComputerPace;
  readonly decider: Decider;
  readonly table: ComputerTable;
  readonly logger: SeatLogger;
  /** The table's code, for the log. */
  readonly code: string;
  /** Multiplies every pause (computer-pace.ts); tests shrink it. */
  readonly thinkScale: number;
  /** A decision not back by then is given up for the fallback (the pool's own timeout covers a running one). */
  readonly deadlineMs?: number;
}

const DEFAULT_DEADLINE_MS = 20_000;
/** After the record could not be written, the computer tries again after this long. */
const RECORD_RETRY_MS = 2_000;

type Task =
  | { readonly key: string; readonly kind: "decide"; readonly situation: Situation }
  | { readonly key: string; readonly kind: "rematch" };

type Played = "done" | "stale" | "refused";

export class ComputerSeat {
  readonly seat: PlayerIndex;
  readonly level: ComputerLevel;
  readonly pace: ComputerPace;
  private readonly options: ComputerSeatOptions;
  /** The turn under way, if any. */
  private running: Promise<void> | null = null;
  private stopped = false;
  /** A task whose action and fallback were both refused: not tried again until the match moves on. */
  private stuck: string | null = null;

  constructor(options: ComputerSeatOptions) {
    this.options = options;
    this.seat = options.seat;
    this.level = options.level;
    this.pace = options.pace ?? DEFAULT_COMPUTER_PACE;
  }

  /** Something changed at the table: act if the seat has something to do and nothing is under way. */
  poke(): void {
    if (this.stopped || this.running || this.options.table.animating()) return;
    const task = this.taskNow();
    if (!task || task.key === this.stuck) return;
    this.running = this.run(task)
      .catch((cause: unknown) => {
        this.stuck = task.key;
        this.log("error", { err: cause }, "the computer failed on its turn");
      })
      .finally(() => {
        this.running = null;
        this.poke();
      });
  }

  /** Resolves once no turn of the computer is under way, including any its last one led to. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /** The table is closing or restarting: nothing more is played (a decision under way is dropped). */
  stop(): void {
    this.stopped = true;
  }

  /** What the seat has to do in the match as it is now, named by a key that changes when the match moves on. */
  private taskNow(): Task | null {
    const match = this.options.table.match();
    const id = this.options.table.matchId();
    const other = this.seat === 0 ? 1 : 0;
    if (match.phase === "finished") {
      const asked = match.rematch[other] && !match.rematch[this.seat] && match.seats[other] !== null;
      return asked ? { key: `${id}|rematch`, kind: "rematch" } : null;
    }
    const situation = situationOf(match, this.seat);
    return situation && { key: taskKey(id, situation), kind: "decide", situation };
  }

  private isCurrent(key: string): boolean {
    return !this.stopped && this.taskNow()?.key === key;
  }

  private async run(task: Task): Promise<void> {
    const { table, thinkScale } = this.options;
    const match = table.match();
    const seed = decisionSeed(table.seed(), match.shotNumber, this.seat);
    const random = seededRandom(seed ^ 0x2545f491);
    if (task.kind === "rematch") {
      await table.wait(pauseMs("rematch", random, thinkScale, this.pace));
      if (this.isCurrent(task.key)) await this.submit({ type: "rematch" });
      return;
    }
    const { situation } = task;
    const pause: Pause = pauseOf(situation, match);
    const [decision] = await Promise.all([
      this.decision(situation, seed),
      table.wait(pauseMs(pause, random, thinkScale, this.pace)),
    ]);
    if (!this.isCurrent(task.key)) return;
    const played = await this.play(task.key, situation, decision, random);
    if (played === "refused" && decision.kind !== "fallback" && this.isCurrent(task.key)) {
      const again = await this.play(task.key, situation, fallbackDecision(situation), random);
      if (again === "refused") this.stuck = task.key;
    }
  }

  /** The search's decision, or the plain fallback when the search fails or is late. */
  private async decision(situation: Situation, seed: number): Promise<Decision> {
    const { decider, table } = this.options;
    const deadline = this.options.deadlineMs ?? DEFAULT_DEADLINE_MS;
    try {
      return await Promise.race([
        decider.decide(situation, this.level, seed),
        table.wait(deadline).then((): never => {
          throw new Error(`no decision within ${deadline} ms`);
        }),
      ]);
    } catch (cause) {
      if (!this.stopped) {
        this.log(
          "warn",
          { err: cause, phase: situation.phase, shot: situation.shotNumber },
          "the computer's search failed; it plays a plain legal action instead",
        );
      }
      return fallbackDecision(situation);
    }
  }

  private async play(key: string, situation: Situation, decision: Decision, random: Random): Promise<Played> {
    const { shotNumber } = situation;
    switch (decision.type) {
      case "lag":
        return this.submit({ type: "lag", message: lagMessageOf(decision) });
      case "pass":
        return this.submit({ type: "answer", message: { shotNumber, accept: false } });
      case "take": {
        const taken = await this.submit({ type: "answer", message: { shotNumber, accept: true } });
        if (taken !== "done") return taken;
        // Taken, the offer is a turn to shoot: the shot the decision carries is the one a new search would find.
        const turn = taskKey(this.options.table.matchId(), { phase: "turn", shotNumber });
        await this.options.table.wait(pauseMs("shot-after-take", random, this.options.thinkScale, this.pace));
        return this.isCurrent(turn) ? this.shoot(turn, decision.shot, random) : "stale";
      }
      case "shot":
        return this.shoot(key, decision, random);
    }
  }

  /** The aim shown for a moment, swinging onto its line, then the shot. */
  private async shoot(key: string, decision: ShotDecision, random: Random): Promise<Played> {
    const { table, thinkScale } = this.options;
    const sweep = aimSweep(aimMessageOf(decision), random);
    for (const aim of sweep) {
      if (!this.isCurrent(key)) return "stale";
      table.aim(aim);
      await table.wait((AIM_SHOW_MS[this.pace] * thinkScale) / sweep.length);
    }
    if (!this.isCurrent(key)) return "stale";
    return this.submit({ type: "shot", message: shotMessageOf(decision) });
  }

  private async submit(action: ComputerAction): Promise<Played> {
    const refused = await this.options.table.act(action);
    if (!refused) return "done";
    if (refused.code === "not-recorded") {
      // Nothing changed: the same turn is looked at again once the record may be written.
      await this.options.table.wait(RECORD_RETRY_MS);
      return "stale";
    }
    this.log(
      "error",
      { action: action.type, code: refused.code, reason: refused.message },
      "the table refused the computer",
    );
    return "refused";
  }

  private log(level: "warn" | "error", fields: Record<string, unknown>, message: string): void {
    this.options.logger[level]({ ...fields, table: this.options.code, seat: this.seat, strength: this.level }, message);
  }
}

function taskKey(matchId: string, situation: Pick<Situation, "phase" | "shotNumber">): string {
  return `${matchId}|${situation.phase}|${situation.shotNumber}`;
}

function pauseOf(situation: Situation, match: MatchState): Pause {
  switch (situation.phase) {
    case "lag":
      return "lag";
    case "opening":
      return "opening";
    case "offer":
      return "answer";
    case "turn":
      return match.offerTaken ? "shot-after-take" : "shot";
  }
}

/** Each decision's seed, from the match's own: a replayed match gets the same decisions. */
function decisionSeed(matchSeed: number, shotNumber: number, seat: number): number {
  return (Math.imul(matchSeed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(shotNumber, 0xc2b2ae35) + seat) >>> 0;
}

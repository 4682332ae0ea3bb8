import type { Clock } from "@colyseus/core";
import { drawValue, type MatchState, type RecordHeader, type TableSettings } from "@habibka/shared/match";
import { expireShotClock, type Step, stepMatch } from "@habibka/shared/pipeline";
import type { ActionQueue } from "./action-queue.ts";
import type { LiveMatch } from "./live-match.ts";
import { rematchAgreed, startRecord } from "./new-match.ts";
import type { TableDisplay } from "./table-display.ts";
import type { TableServices } from "./table-services.ts";

/** When the end of the shot clock, a draw or a rematch's start could not be recorded, it is tried again after this long. */
const RECORD_RETRY_MS = 2_000;

export interface TableMatchParts {
  readonly settings: TableSettings;
  readonly code: string;
  readonly services: TableServices;
  readonly clock: Clock;
  readonly queue: ActionQueue;
  readonly display: TableDisplay;
  /** A rematch began: what belonged to the match before (its chat, its animation) goes. */
  readonly rematched: () => void;
  /** Another process took the record's lease. */
  readonly leaseLost: () => void;
  /** The match just finished with an account at it: its settlement (ratings, stats) is due. */
  readonly finishedWithAccounts: (matchId: string) => void;
}

/**
 * A table's match from one rematch to the next: each step is written to the match record before the match
 * moves and is shown after, and what the match's state waits for from the table itself (the opener drawn,
 * a rematch's new record, the end of the shot clock) is started from that state after any commit and after
 * a restore, so a table brought back from any prefix of its record goes on as it would have. Every call
 * runs in the table's action queue.
 */
export class TableMatch {
  private live: LiveMatch;
  private readonly parts: TableMatchParts;

  constructor(live: LiveMatch, parts: TableMatchParts) {
    this.live = live;
    this.parts = parts;
  }

  get match(): MatchState {
    return this.live.match;
  }

  get matchId(): string {
    return this.live.matchId;
  }

  get header(): RecordHeader {
    return this.live.header;
  }

  /** The synced state, the shot clock and the listing, as the match now is. */
  show(): void {
    this.parts.display.showMatch(this.live.matchId, this.live.match);
  }

  /**
   * Records the step and only then applies it: the state is mirrored and everyone told, then whatever the
   * new state waits for is started. Returns false, with the table unchanged, when the record could not be
   * written.
   */
  async apply(step: Step): Promise<boolean> {
    const before = this.live.match;
    const transition = await this.live.commit(step, Date.now());
    if (!transition) return false;
    const { seats } = before;
    if (
      before.phase !== "finished" &&
      transition.state.phase === "finished" &&
      (seats[0]?.account || seats[1]?.account)
    ) {
      this.parts.finishedWithAccounts(this.live.matchId);
    }
    if (step.played) this.parts.display.announce(this.live.matchId, step.played);
    this.show();
    await this.followUp();
    return true;
  }

  /**
   * What the match's state waits for from the table itself, the same after a commit and after a restore:
   * the opener drawn once both sit at a table that draws, and a new match once both asked for a rematch.
   * (The computer's move and the shot clock follow from `show`; the seats' holds from the table's `open`.)
   */
  async followUp(): Promise<void> {
    const match = this.live.match;
    if (match.phase === "draw") await this.drawOpener();
    else if (rematchAgreed(match)) await this.startRematch();
  }

  /** The shot clock ran out: its `clock` action is recorded, and tried again while it cannot be. */
  clockExpired(): void {
    void this.parts.queue.run(async () => {
      const step = expireShotClock(this.live.match);
      if (step.ok && !(await this.apply(step.value))) {
        this.parts.clock.setTimeout(() => this.clockExpired(), RECORD_RETRY_MS);
      }
    });
  }

  /** The table no longer keeps the match (it closes). */
  release(): void {
    this.live.release();
  }

  /** The table closes for good: its record is closed or marked so that no restart brings it back. */
  closeTable(at: number): Promise<unknown> {
    return this.live.closeTable(at);
  }

  private retryFollowUp(): void {
    this.parts.clock.setTimeout(() => void this.parts.queue.run(() => this.followUp()), RECORD_RETRY_MS);
  }

  private async drawOpener(): Promise<void> {
    const match = this.live.match;
    const drawn = stepMatch(match, {
      type: "draw",
      shot: match.shotNumber,
      source: { value: drawValue(this.live.header.seed) },
    });
    if (drawn.ok && !(await this.apply(drawn.value))) this.retryFollowUp();
  }

  /** Both asked: a new match at the same table, with the same players in the same seats. */
  private async startRematch(): Promise<void> {
    const { settings, code, services } = this.parts;
    const seats = this.live.match.seats;
    let next: LiveMatch;
    try {
      next = await startRecord(settings, code, services, this.parts.leaseLost);
    } catch (cause) {
      services.logger.error({ err: cause, table: code }, "could not record a rematch");
      this.retryFollowUp();
      return;
    }
    const replaced = this.live;
    replaced.release();
    this.live = next;
    // Only the table's current record may be restored: the finished one is marked as replaced. Should the
    // mark not be written, the new record at the same code still keeps it from being restored.
    await replaced
      .closeTable(Date.now())
      .catch((cause: unknown) =>
        services.logger.error({ err: cause, table: code }, "could not close a replaced record"),
      );
    this.parts.rematched();
    for (const player of [0, 1] as const) {
      const holder = seats[player];
      if (!holder) continue;
      const { name, token, account } = holder;
      const sat = stepMatch(this.live.match, { type: "sit", player, name, token, ...(account ? { account } : {}) });
      if (sat.ok) await this.apply(sat.value);
    }
    this.show();
  }
}

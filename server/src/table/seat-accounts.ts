import type { Clock, Delayed } from "@colyseus/core";
import type { SeatHolder, TableSettings } from "@habibka/shared/match";
import type { SeatRating } from "@habibka/shared/protocol";
import type { Pair } from "@habibka/shared/rules";
import type { Logger } from "../logger.ts";
import type { TableAccounts } from "./table-services.ts";

/** How often a table tells presence again that its seated accounts sit there (online.ts keeps it 70 s). */
const RENEW_MS = 25_000;

/** A rating as a table reads it. */
export interface RatingView {
  readonly value: number;
  readonly deviation: number;
}

/**
 * The accounts that sit at a table: their ratings as shown beside their names (read when each sat, again
 * after each settled match and when the table is restored), and their presence, "sits at this table", renewed
 * while they hold their seats so that their friends see where they are.
 */
export class SeatAccounts {
  private readonly ratings = new Map<string, SeatRating>();
  /** The accounts presence was last told sit here, and since when (ms). */
  private announced: readonly string[] = [];
  private readonly since = new Map<string, number>();
  private seats: Pair<string | null> = [null, null];
  private renewal: Delayed | null = null;
  private readonly accounts: TableAccounts;
  private readonly settings: TableSettings;
  private readonly code: string;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly provisionalAbove: number;

  constructor(parts: {
    readonly accounts: TableAccounts;
    readonly settings: TableSettings;
    readonly code: string;
    readonly clock: Clock;
    readonly logger: Logger;
  }) {
    this.accounts = parts.accounts;
    this.settings = parts.settings;
    this.code = parts.code;
    this.clock = parts.clock;
    this.logger = parts.logger;
    this.provisionalAbove = parts.accounts.provisionalDeviation;
  }

  /** The rating shown beside an account's name, or null (no account, or not read yet). */
  ratingOf(accountId: string | undefined): SeatRating | null {
    return accountId ? (this.ratings.get(accountId) ?? null) : null;
  }

  /** What an account's rating now is (read as he joined, or after a settlement). */
  know(accountId: string, rating: RatingView): void {
    this.ratings.set(accountId, {
      value: Math.round(rating.value),
      provisional: rating.deviation > this.provisionalAbove,
    });
  }

  /** Reads the ratings of the seated accounts again (a restored table, a settled match). */
  async reload(seats: Pair<SeatHolder | null>): Promise<void> {
    const ids = seats.flatMap((holder) => (holder?.account ? [holder.account] : []));
    const found = await this.accounts.seatAccounts(ids);
    for (const [id, account] of found) this.know(id, account.rating);
  }

  /** The seats as they now are: presence is told who sits here and who no longer does. */
  update(seats: Pair<SeatHolder | null>): void {
    const next: Pair<string | null> = [seats[0]?.account ?? null, seats[1]?.account ?? null];
    if (next[0] === this.seats[0] && next[1] === this.seats[1]) return;
    this.seats = next;
    const seated = next.filter((id): id is string => id !== null);
    for (const gone of this.announced.filter((id) => !seated.includes(id))) {
      this.since.delete(gone);
      void this.accounts.unseated(gone, this.code).catch((cause: unknown) => this.failed(cause));
    }
    for (const id of seated) if (!this.since.has(id)) this.since.set(id, Date.now());
    this.announced = seated;
    this.announce();
    if (seated.length > 0 && !this.renewal) this.renewal = this.clock.setInterval(() => this.announce(), RENEW_MS);
    if (seated.length === 0) this.stopRenewing();
  }

  /** The table closes (or leaves this process): nobody sits here any more. */
  close(): void {
    this.stopRenewing();
    for (const id of this.announced) void this.accounts.unseated(id, this.code).catch((c: unknown) => this.failed(c));
    this.announced = [];
    this.since.clear();
  }

  private announce(): void {
    const table = { code: this.code, visibility: this.settings.visibility, accounts: this.seats };
    for (const id of this.announced) {
      const entry = { ...table, since: this.since.get(id) ?? Date.now() };
      void this.accounts.seated(id, entry).catch((c: unknown) => this.failed(c));
    }
  }

  private stopRenewing(): void {
    this.renewal?.clear();
    this.renewal = null;
  }

  private failed(cause: unknown): void {
    this.logger.warn({ err: cause, table: this.code }, "could not tell presence who sits at the table");
  }
}

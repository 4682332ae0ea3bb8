import type { IncomingMessage } from "node:http";
import type { Presence } from "@colyseus/core";
import type { MeAnswer, PlayerProfile } from "@habibka/shared/protocol";
import type { Kysely } from "kysely";
import type { Logger } from "../logger.ts";
import { ACCOUNT_BOUNDS, type AccountLimits } from "../rate-limits.ts";
import type { OpenDatabase } from "../records/database.ts";
import type { MatchRecords } from "../records/match-records.ts";
import type { TableAccounts } from "../table/table-services.ts";
import { type SiteOrigin, sessionToken } from "./account-http.ts";
import { AccountStore, type SeatAccount } from "./account-store.ts";
import type { AccountsDatabase, AccountsTables } from "./accounts-schema.ts";
import { Challenges, type ChallengeTable } from "./challenges.ts";
import { Friends } from "./friends.ts";
import { LiveEvents } from "./live-events.ts";
import { playedMatches } from "./match-list.ts";
import { Online, type SeatEntry } from "./online.ts";
import { Passkeys } from "./passkeys.ts";
import { PROVISIONAL_DEVIATION, shownRating } from "./ratings.ts";
import { Sessions } from "./sessions.ts";
import { type SettledRatings, Settlement, SWEEP_MS } from "./settlement.ts";

/**
 * Players who come back: the one handle on accounts a process holds. An account is made anonymously on a
 * first visit (a session cookie), may be named, carried to other devices by passkeys, rated by its rated
 * matches, and keeps a list of friends and their challenges. Its parts each have their module: sessions,
 * the accounts themselves, passkeys, friends, who is online, live events, challenges, the settlement of
 * finished matches and the history read from the records; the HTTP routes are in me-routes.ts and
 * social-routes.ts, and the tables reach accounts through the TableAccounts this implements.
 */

export interface AccountsOptions {
  /** The records' database: the accounts' tables live beside the match records. */
  readonly records: MatchRecords;
  /** Colyseus's presence, read when used (it is set up after the rooms are defined). */
  readonly presence: () => Presence;
  readonly origin: SiteOrigin;
  readonly limits: AccountLimits;
  readonly logger: Logger;
  /** Makes an accepted challenge's table (game-server.ts, through the matchmaker). */
  readonly challengeTable: ChallengeTable;
}

export class Accounts implements TableAccounts {
  readonly store: AccountStore;
  readonly sessions: Sessions;
  readonly passkeys: Passkeys;
  readonly friends: Friends;
  readonly online: Online;
  readonly events: LiveEvents;
  readonly challenges: Challenges;
  readonly settlement: Settlement;
  readonly origin: SiteOrigin;
  readonly limits: AccountLimits;
  readonly logger: Logger;
  readonly provisionalDeviation = PROVISIONAL_DEVIATION;
  readonly #db: Kysely<AccountsDatabase>;
  #sweep: NodeJS.Timeout | null = null;

  constructor(options: AccountsOptions) {
    const database: OpenDatabase = options.records.database;
    this.#db = database.db.withTables<AccountsTables>();
    this.origin = options.origin;
    this.limits = options.limits;
    this.logger = options.logger;
    this.store = new AccountStore(this.#db);
    this.sessions = new Sessions(this.#db);
    this.passkeys = new Passkeys(this.#db, options.presence, options.origin);
    this.friends = new Friends(this.#db);
    this.online = new Online(options.presence);
    this.events = new LiveEvents(options.presence, this.online, options.logger);
    this.challenges = new Challenges(options.presence, this.events, options.challengeTable, options.logger);
    this.settlement = new Settlement(database, options.records, options.logger);
  }

  /**
   * Starts the sweep that settles finished matches a crash left unsettled and deletes expired sessions:
   * once now, then every minute.
   */
  start(): void {
    const sweep = () =>
      Promise.all([this.settlement.sweep(), this.sessions.deleteExpired()]).catch((cause: unknown) =>
        this.logger.error({ err: cause }, "the accounts' sweep failed"),
      );
    void sweep();
    this.#sweep = setInterval(() => void sweep(), SWEEP_MS);
    this.#sweep.unref();
  }

  stop(): void {
    if (this.#sweep) clearInterval(this.#sweep);
    this.challenges.stop();
    this.events.closeAll();
  }

  /** The account a request's session cookie names, or null (the front door's look-up for matchmaking). */
  async accountOf(req: IncomingMessage): Promise<string | null> {
    return (await this.sessions.find(sessionToken(req)))?.accountId ?? null;
  }

  /** `GET /api/me`'s answer for an account that exists. */
  async me(accountId: string): Promise<MeAnswer> {
    const [account, passkeys] = await Promise.all([this.store.get(accountId), this.store.passkeyCount(accountId)]);
    if (!account) throw new Error(`no account ${accountId}`);
    return { id: account.id, name: account.name, rating: shownRating(account.rating), passkeys };
  }

  /** A player's profile as `viewerId` (or a visitor without an account) may see it; null for an unknown id. */
  async profile(id: string, viewerId: string | null): Promise<PlayerProfile | null> {
    const account = await this.store.get(id);
    if (!account) return null;
    const [matches, status, friend] = await Promise.all([
      playedMatches(this.#db, id, viewerId, ACCOUNT_BOUNDS.profileMatches),
      this.online.status(id, viewerId),
      viewerId ? this.friends.isFriend(viewerId, id) : Promise.resolve(undefined),
    ]);
    const { stats } = account;
    return {
      id: account.id,
      name: account.name,
      rating: shownRating(account.rating),
      matches,
      stats: {
        wins: stats.wins,
        losses: stats.losses,
        pots: stats.pots,
        strokes: stats.strokes,
        potPercentage: stats.strokes === 0 ? 0 : Math.round((1000 * stats.scoringStrokes) / stats.strokes) / 10,
        fouls: stats.fouls,
      },
      online: status.online,
      ...(friend === undefined ? {} : { friend }),
    };
  }

  // ---- what a table needs (TableAccounts) --------------------------------------------------------------

  async seatAccount(id: string): Promise<SeatAccount | null> {
    return (await this.store.seatAccounts([id])).get(id) ?? null;
  }

  seatAccounts(ids: readonly string[]): Promise<Map<string, SeatAccount>> {
    return this.store.seatAccounts(ids);
  }

  settle(matchId: string): Promise<SettledRatings> {
    return this.settlement.settle(matchId);
  }

  seated(accountId: string, entry: SeatEntry): Promise<void> {
    return this.online.seated(accountId, entry);
  }

  unseated(accountId: string, code: string): Promise<void> {
    return this.online.unseated(accountId, code);
  }
}

import type { RecordsDatabase } from "../records/records-schema.ts";

/**
 * The accounts' tables as the query layer sees them (accounts-migrations.ts makes them), beside the match
 * records in the same database. Times are epoch milliseconds; JSON values are stored as text.
 */
export type AccountsDatabase = RecordsDatabase & AccountsTables;

/** Type aliases rather than interfaces: Kysely's `withTables` takes only types with implicit index signatures. */
export type AccountsTables = {
  readonly accounts: AccountsTable;
  readonly sessions: SessionsTable;
  readonly passkeys: PasskeysTable;
  readonly friends: FriendsTable;
  readonly match_players: MatchPlayersTable;
};

export type AccountsTable = {
  readonly id: string;
  /** The name he chose (`PATCH /api/me`), null until then. */
  readonly name: string | null;
  readonly created_at: number;
  readonly rating_value: number;
  readonly rating_deviation: number;
  readonly rating_volatility: number;
  /** Rated matches settled. */
  readonly rating_games: number;
  readonly wins: number;
  readonly losses: number;
  /** Balls scored for him (penalty balls not counted). */
  readonly pots: number;
  /** His strokes (not the lag, not a shot clock's), and those that scored at least one ball. */
  readonly strokes: number;
  readonly scoring_strokes: number;
  /** JSON: fouls by the rules' clause, `{ "17": 3 }`. */
  readonly fouls: string;
  /** Bumped by every settled match (settlement.ts). */
  readonly version: number;
};

/** A browser's session: only the SHA-256 of its cookie's token is kept. */
type SessionsTable = {
  readonly token_hash: string;
  readonly account_id: string;
  readonly created_at: number;
  /** When the cookie was last given a new expiry (at most once a day, on use). */
  readonly renewed_at: number;
  readonly expires_at: number;
};

/** A WebAuthn credential that signs in to the account. */
type PasskeysTable = {
  /** The credential's id, base64url, as the authenticator made it. */
  readonly id: string;
  readonly account_id: string;
  /** The COSE public key. */
  readonly public_key: Uint8Array;
  /** The authenticator's signature counter, as last seen (0 for one that keeps none). */
  readonly counter: number;
  /** JSON: the transports the browser reported (`["internal","hybrid"]`). */
  readonly transports: string;
  readonly created_at: number;
  readonly last_used_at: number | null;
};

/** One account's friend: a one-way list, as a player keeps his own. */
type FriendsTable = {
  readonly account_id: string;
  readonly friend_id: string;
  readonly created_at: number;
};

/** What one finished match did for one account at it: written once, when the match is settled. */
type MatchPlayersTable = {
  readonly match_id: string;
  readonly seat: number;
  readonly account_id: string;
  /** 1 for the winner, 0 for the loser. */
  readonly won: number;
  readonly rated: number;
  readonly pots: number;
  readonly strokes: number;
  readonly scoring_strokes: number;
  /** JSON: fouls by clause in this match. */
  readonly fouls: string;
  /** The rating's value before and after a rated match; null for one not rated. */
  readonly rating_before: number | null;
  readonly rating_after: number | null;
};

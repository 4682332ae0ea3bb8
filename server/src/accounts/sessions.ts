import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { AccountsDatabase } from "./accounts-schema.ts";

/**
 * Browsers' sessions: a cookie holds a random 32-byte token, the database only its SHA-256, so a copy of the
 * database signs nobody in. A session lasts 180 days from its last renewal; using it renews it, at most once a
 * day. Look-ups are cached for a few seconds in each process (a request and its matchmaking ask several
 * times); a session revoked anywhere is gone everywhere once that cache runs out.
 */

export const SESSION_COOKIE = "habibka_session";
const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 180 * DAY_MS;
/** A session used a day after it was last renewed is renewed again (a new cookie with a new expiry). */
const RENEW_AFTER_MS = DAY_MS;
/** How long a process trusts what it last read of a session. */
const SESSION_CACHE_MS = 5_000;
/** Sessions a process keeps in its cache at once: the oldest go first. */
const CACHE_ENTRIES = 10_000;

export interface Session {
  readonly tokenHash: string;
  readonly accountId: string;
  readonly renewedAt: number;
  readonly expiresAt: number;
}

function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** A token's shape: 32 bytes in base64url. Anything else is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export class Sessions {
  readonly #db: Kysely<AccountsDatabase>;
  readonly #cache = new Map<string, { readonly session: Session | null; readonly readAt: number }>();
  readonly #now: () => number;

  constructor(db: Kysely<AccountsDatabase>, now: () => number = Date.now) {
    this.#db = db;
    this.#now = now;
  }

  /** A new session for the account; resolves with the cookie's token and when it expires. */
  async start(accountId: string): Promise<{ readonly token: string; readonly session: Session }> {
    const token = randomBytes(32).toString("base64url");
    const now = this.#now();
    const session: Session = {
      tokenHash: hashSessionToken(token),
      accountId,
      renewedAt: now,
      expiresAt: now + SESSION_LIFETIME_MS,
    };
    await this.#db
      .insertInto("sessions")
      .values({
        token_hash: session.tokenHash,
        account_id: accountId,
        created_at: now,
        renewed_at: now,
        expires_at: session.expiresAt,
      })
      .execute();
    return { token, session };
  }

  /** The live session a cookie's token names, or null (unknown, malformed, expired or revoked). */
  async find(token: string | undefined): Promise<Session | null> {
    if (!token || !TOKEN_PATTERN.test(token)) return null;
    const tokenHash = hashSessionToken(token);
    const now = this.#now();
    const cached = this.#cache.get(tokenHash);
    let session: Session | null;
    if (cached && now - cached.readAt < SESSION_CACHE_MS) session = cached.session;
    else {
      const row = await this.#db
        .selectFrom("sessions")
        .select(["account_id", "renewed_at", "expires_at"])
        .where("token_hash", "=", tokenHash)
        .executeTakeFirst();
      session = row
        ? { tokenHash, accountId: row.account_id, renewedAt: Number(row.renewed_at), expiresAt: Number(row.expires_at) }
        : null;
      this.#remember(tokenHash, session, now);
    }
    return session && session.expiresAt > now ? session : null;
  }

  /** Whether the session is due for a new expiry (it was last renewed over a day ago). */
  dueForRenewal(session: Session): boolean {
    return this.#now() - session.renewedAt >= RENEW_AFTER_MS;
  }

  /** A new expiry, 180 days from now; resolves with the session as renewed. */
  async renew(session: Session): Promise<Session> {
    const now = this.#now();
    const renewed: Session = { ...session, renewedAt: now, expiresAt: now + SESSION_LIFETIME_MS };
    await this.#db
      .updateTable("sessions")
      .set({ renewed_at: now, expires_at: renewed.expiresAt })
      .where("token_hash", "=", session.tokenHash)
      .execute();
    this.#remember(session.tokenHash, renewed, now);
    return renewed;
  }

  /** Ends one session (this browser's sign-out). */
  async end(session: Session): Promise<void> {
    await this.#db.deleteFrom("sessions").where("token_hash", "=", session.tokenHash).execute();
    this.#cache.delete(session.tokenHash);
  }

  /** Ends every session of the account, in every browser. */
  async endAll(accountId: string): Promise<void> {
    await this.#db.deleteFrom("sessions").where("account_id", "=", accountId).execute();
    for (const [hash, entry] of this.#cache) if (entry.session?.accountId === accountId) this.#cache.delete(hash);
  }

  /** Sessions past their expiry are deleted (the accounts' sweep calls it); resolves with how many. */
  async deleteExpired(): Promise<number> {
    const result = await this.#db.deleteFrom("sessions").where("expires_at", "<=", this.#now()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  #remember(tokenHash: string, session: Session | null, now: number): void {
    if (this.#cache.size >= CACHE_ENTRIES) {
      const oldest = this.#cache.keys().next().value;
      if (oldest !== undefined) this.#cache.delete(oldest);
    }
    this.#cache.delete(tokenHash);
    this.#cache.set(tokenHash, { session, readAt: now });
  }
}

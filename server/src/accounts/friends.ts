import type { Kysely } from "kysely";
import { ACCOUNT_BOUNDS } from "../rate-limits.ts";
import type { AccountsDatabase } from "./accounts-schema.ts";

/**
 * Each account's list of friends: one way, as a player keeps his own list (adding someone needs nothing of
 * him), at most ACCOUNT_BOUNDS.friends long.
 */

export type FriendAdded = "added" | "already" | "full";

export class Friends {
  readonly #db: Kysely<AccountsDatabase>;

  constructor(db: Kysely<AccountsDatabase>) {
    this.#db = db;
  }

  /** Adds `friendId` to the account's list (both accounts exist: the routes check). */
  async add(accountId: string, friendId: string, now = Date.now()): Promise<FriendAdded> {
    if (await this.isFriend(accountId, friendId)) return "already";
    if ((await this.ids(accountId)).length >= ACCOUNT_BOUNDS.friends) return "full";
    await this.#db
      .insertInto("friends")
      .values({ account_id: accountId, friend_id: friendId, created_at: now })
      .onConflict((oc) => oc.columns(["account_id", "friend_id"]).doNothing())
      .execute();
    return "added";
  }

  /** Removes him from the list; false when he was not on it. */
  async remove(accountId: string, friendId: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom("friends")
      .where("account_id", "=", accountId)
      .where("friend_id", "=", friendId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async isFriend(accountId: string, friendId: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom("friends")
      .select("friend_id")
      .where("account_id", "=", accountId)
      .where("friend_id", "=", friendId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The account's friends with their names, in the order they were added. */
  async list(accountId: string): Promise<{ readonly id: string; readonly name: string | null }[]> {
    return this.#db
      .selectFrom("friends")
      .innerJoin("accounts", "accounts.id", "friends.friend_id")
      .select(["accounts.id as id", "accounts.name as name"])
      .where("friends.account_id", "=", accountId)
      .orderBy("friends.created_at")
      .orderBy("accounts.id")
      .execute();
  }

  private async ids(accountId: string): Promise<string[]> {
    const rows = await this.#db.selectFrom("friends").select("friend_id").where("account_id", "=", accountId).execute();
    return rows.map((row) => row.friend_id);
  }
}

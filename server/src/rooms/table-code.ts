import { randomInt } from "node:crypto";
import type { Presence } from "@colyseus/core";

/** Presence set of the codes of live tables: shared by every process when presence is Redis. */
const LIVE_CODES = "habibka:table-codes";

function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/**
 * Reserves a six-digit table code unique among live tables. With Redis presence `sadd` answers whether the
 * code was added, which makes the reservation atomic across processes; the in-memory presence runs in one
 * event loop, where the membership check suffices.
 */
export async function reserveTableCode(presence: Presence, random: () => string = randomCode): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const code = random();
    if (await presence.sismember(LIVE_CODES, code)) continue;
    const added = await presence.sadd(LIVE_CODES, code);
    if (added === 0) continue;
    return code;
  }
  throw new Error("no free table code after 50 attempts");
}

export async function releaseTableCode(presence: Presence, code: string): Promise<void> {
  await presence.srem(LIVE_CODES, code);
}

/**
 * Takes a table's code for a table restored from its record: the code is the record's, and the record's
 * lease already proves no other process keeps the table (a process that stopped may have left its code in
 * the set).
 */
export async function claimTableCode(presence: Presence, code: string): Promise<void> {
  await presence.sadd(LIVE_CODES, code);
}

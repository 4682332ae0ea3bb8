import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RecordHeader } from "@habibka/shared/match";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTablesApi } from "../src/http/tables-api.ts";
import { type Lease, MatchRecords, type RecordResult } from "../src/records/match-records.ts";

/**
 * A table's code after its table closed: the last public match played at it, as GET /api/tables/:code/last-match
 * answers, on a real SQLite records file.
 */

const LEASE: Lease = { owner: "test", until: Date.now() + 60_000 };
const header = (matchId: string, code: string, createdAt: number, visibility: "public" | "private"): RecordHeader => ({
  format: 1,
  matchId,
  code,
  settings: { visibility, opening: "lag", shotClock: 60, seatHoldSeconds: 180, spectatorCap: 50 },
  seed: 1,
  createdAt,
});
const result = (reason: RecordResult["reason"], finishedAt: number): RecordResult => ({
  winner: reason === "closed" ? null : 0,
  reason,
  shelves: [8, 3],
  finishedAt,
});
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe("GET /api/tables/:code/last-match", () => {
  let records: MatchRecords;
  let base = "";
  let close = () => undefined as unknown;

  beforeAll(async () => {
    records = await MatchRecords.open({ path: join(mkdtempSync(join(tmpdir(), "habibka-tables-")), "r.sqlite") });
    // Table 111111: a match, then its rematch, then a rematch nobody played (closed before it began).
    await records.createRecord(header(id(1), "111111", 1_000, "public"), LEASE);
    await records.closeRecord(id(1), result("eight", 2_000));
    await records.createRecord(header(id(2), "111111", 3_000, "public"), LEASE);
    await records.closeRecord(id(2), result("resignation", 4_000));
    await records.createRecord(header(id(3), "111111", 5_000, "public"), LEASE);
    await records.closeRecord(id(3), result("closed", 6_000));
    // Table 222222: a private match. Table 333333: a match still being played.
    await records.createRecord(header(id(4), "222222", 1_000, "private"), LEASE);
    await records.closeRecord(id(4), result("eight", 2_000));
    await records.createRecord(header(id(5), "333333", 1_000, "public"), LEASE);
    const app = express().use("/api/tables", createTablesApi(records));
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/tables`;
    close = () => server.close();
  });

  afterAll(async () => {
    close();
    await records.close();
  });

  async function get(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${base}${path}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it("names the last match played at the table, not a rematch that never began", async () => {
    expect(await get("/111111/last-match")).toEqual({
      status: 200,
      body: { code: "111111", matchId: id(2), finishedAt: 4_000 },
    });
  });

  it("keeps private matches and unfinished ones to themselves: a code is six digits anyone may try", async () => {
    expect((await get("/222222/last-match")).body.error).toBe("no-match");
    expect((await get("/333333/last-match")).body.error).toBe("no-match");
    expect((await get("/000000/last-match")).status).toBe(404);
  });

  it("refuses what is not a table code", async () => {
    const answer = await get("/12ab56/last-match");
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("bad-code");
  });
});

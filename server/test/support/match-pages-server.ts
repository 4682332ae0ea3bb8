import { copyFileSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readGoldenRecord } from "@habibka/shared/testing/golden-records";
import { afterAll, beforeAll, expect } from "vitest";
import { MatchRecords } from "../../src/records/match-records.ts";
import { playShortMatch, type ShortMatch } from "./short-match.ts";
import { leaveAll } from "./table-client.ts";
import { QUICK_PLAY, type RunningServer, startTestServer } from "./test-server.ts";

/**
 * The server the match pages' tests (match-api and match-og-pages.test.ts) read: one public match and one
 * private match played on it, and a record written by an earlier version (the golden format-1 file) stored
 * beside them.
 */

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
export const GOLDEN_ID = "6f1f0d1e-3c55-4c1e-9d43-0a8b3f2c1d00";

export async function getJson(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url);
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function expectError(url: string, status: number, error: string): Promise<void> {
  const answer = await getJson(url);
  expect(answer.status, url).toBe(status);
  expect(answer.body.error, url).toBe(error);
  expect(String(answer.body.message).length).toBeGreaterThan(5);
}

/** Stores the golden format-1 record as a finished public match, as the room would have written it. */
async function storeGolden(path: string): Promise<void> {
  const { record } = readGoldenRecord("format-1-match.json");
  const records = await MatchRecords.open({ path });
  const lease = { owner: "golden", until: Date.now() + 60_000 };
  const header = {
    ...record.header,
    matchId: GOLDEN_ID,
    settings: { ...record.header.settings, visibility: "public" as const },
  };
  await records.createRecord(header, lease);
  for (const [seq, entry] of record.actions.entries()) {
    const last = seq === record.actions.length - 1;
    await records.append(
      GOLDEN_ID,
      seq,
      { at: entry.at, action: JSON.stringify(entry.action), ...(entry.played ? { played: entry.played } : {}) },
      last
        ? {
            players: ["Player 0", "Player 1"],
            result: { winner: 0, reason: "resignation", shelves: [3, 2], finishedAt: 5 },
          }
        : {},
      lease.owner,
    );
  }
  await records.close();
}

interface MatchPagesServer {
  readonly game: RunningServer;
  /** A public match of four shots, one a deliberate miss, between Анна and O'Brien. */
  readonly open: ShortMatch;
  /** A private match of two shots. */
  readonly hidden: ShortMatch;
}

/** The server with the client's index.html to serve, the golden record stored, and both matches played. */
async function startMatchPagesServer(): Promise<MatchPagesServer> {
  const folder = mkdtempSync(join(tmpdir(), "habibka-pages-"));
  const dist = join(folder, "dist");
  mkdirSync(dist);
  copyFileSync(join(ROOT, "client/index.html"), join(dist, "index.html"));
  const databasePath = join(folder, "records.sqlite");
  await storeGolden(databasePath);
  const game = await startTestServer({ ...QUICK_PLAY, databasePath, clientDist: dist });
  try {
    const open = await playShortMatch(game.httpUrl, { shots: 4, misses: [1], names: ["Анна", "O'Brien"] });
    const hidden = await playShortMatch(game.httpUrl, {
      shots: 2,
      visibility: "private",
      names: ["Тайная", "Скрытый"],
    });
    return { game, open, hidden };
  } catch (error) {
    await game.stop();
    throw error;
  }
}

/** The match pages' server of a file's tests, with the address of its match API. */
export interface MatchPagesFixture extends MatchPagesServer {
  /** `/api/matches` followed by `path` on this server. */
  api(path: string): string;
}

/**
 * Starts the match pages' server before a `describe`'s tests (both matches played) and stops it after them,
 * the matches' players gone. Call it at the top of the `describe`.
 */
export function useMatchPagesServer(): MatchPagesFixture {
  let started: MatchPagesServer | undefined;
  beforeAll(async () => {
    started = await startMatchPagesServer();
  }, 120_000);
  afterAll(async () => {
    await leaveAll(...(started?.open.players ?? []), ...(started?.hidden.players ?? []));
    await started?.game.stop();
  });
  const get = () => {
    if (!started) throw new Error("the match pages' server starts in beforeAll");
    return started;
  };
  return {
    get game() {
      return get().game;
    },
    get open() {
      return get().open;
    },
    get hidden() {
      return get().hidden;
    },
    api: (path) => `${get().game.httpUrl}/api/matches${path}`,
  };
}

import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseMatchPage } from "@habibka/client/match-page/match-data";
import { verdictText } from "@habibka/client/ui/verdict-text";
import { type MatchShot, matchShots } from "@habibka/shared/match";
import { readGoldenRecord } from "@habibka/shared/testing/golden-records";
import { loadImage } from "@napi-rs/canvas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ShotPictures } from "../src/http/match-pages.ts";
import { PICTURE_HEIGHT, PICTURE_WIDTH } from "../src/http/shot-picture.ts";
import { MatchRecords } from "../src/records/match-records.ts";
import { playShortMatch, type ShortMatch } from "./support/short-match.ts";
import { leaveAll } from "./support/table-client.ts";
import { QUICK_PLAY, type RunningServer, startTestServer, TEST_RATE_LIMITS } from "./support/test-server.ts";

/**
 * The match pages and what they read, against the real server: the history (paging, a player's matches, a
 * few by id), one match's record with the table after every stroke, a shot's `habibka-sim` scenario run
 * through the real command, the pages' Open Graph heads, the shot pictures, and the answers to bad ids and
 * numbers. One public match and one private match are played for it, and a record written by an earlier
 * version (the golden format-1 file) is stored beside them.
 */

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const GOLDEN_ID = "6f1f0d1e-3c55-4c1e-9d43-0a8b3f2c1d00";

interface Listed {
  readonly id: string;
  readonly players: [string | null, string | null];
  readonly result: { readonly finishedAt: number } | null;
}

async function getJson(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url);
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * `habibka-sim` on a scenario, without blocking this process: a test that waited synchronously would keep
 * its HTTP client from seeing the server close an idle connection, and its next request would meet a reset.
 */
function runSim(input: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, "shared/src/sim/cli.ts")], { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

async function expectError(url: string, status: number, error: string): Promise<void> {
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
      lease,
    );
  }
  await records.close();
}

describe("match pages, the history and shared shots", () => {
  let game: RunningServer;
  let open: ShortMatch;
  let hidden: ShortMatch;

  beforeAll(async () => {
    const folder = mkdtempSync(join(tmpdir(), "habibka-pages-"));
    const dist = join(folder, "dist");
    mkdirSync(dist);
    copyFileSync(join(ROOT, "client/index.html"), join(dist, "index.html"));
    const databasePath = join(folder, "records.sqlite");
    await storeGolden(databasePath);
    game = await startTestServer({ ...QUICK_PLAY, databasePath, clientDist: dist });
    open = await playShortMatch(game.httpUrl, { shots: 4, misses: [1], names: ["Анна", "O'Brien"] });
    hidden = await playShortMatch(game.httpUrl, { shots: 2, visibility: "private", names: ["Тайная", "Скрытый"] });
  }, 120_000);

  afterAll(async () => {
    await leaveAll(...(open?.players ?? []), ...(hidden?.players ?? []));
    await game?.stop();
  });

  const api = (path: string) => `${game.httpUrl}/api/matches${path}`;

  describe("GET /api/matches: the history", () => {
    it("lists finished public matches, newest first, and never a private one", async () => {
      const { status, body } = await getJson(api(""));
      expect(status).toBe(200);
      const ids = (body.matches as Listed[]).map((m) => m.id);
      expect(ids).toEqual([open.matchId, GOLDEN_ID]);
      expect(ids).not.toContain(hidden.matchId);
      expect(body.next).toBeNull();
    });

    it("pages with a cursor: one match a page, each once, and no cursor after the last", async () => {
      const first = await getJson(api("?limit=1"));
      expect((first.body.matches as Listed[]).map((m) => m.id)).toEqual([open.matchId]);
      expect(typeof first.body.next).toBe("string");
      const second = await getJson(api(`?limit=1&cursor=${first.body.next}`));
      expect((second.body.matches as Listed[]).map((m) => m.id)).toEqual([GOLDEN_ID]);
      expect(second.body.next).toBeNull();
    });

    it("filters by a player's name, in any case, exactly that player", async () => {
      const anna = await getJson(api(`?player=${encodeURIComponent("анна")}`));
      expect((anna.body.matches as Listed[]).map((m) => m.id)).toEqual([open.matchId]);
      const apostrophe = await getJson(api(`?player=${encodeURIComponent("o'brien")}`));
      expect((apostrophe.body.matches as Listed[]).map((m) => m.id)).toEqual([open.matchId]);
      const partial = await getJson(api(`?player=${encodeURIComponent("Ан")}`));
      expect(partial.body.matches).toEqual([]);
      // The private match's players are never found by name.
      const secret = await getJson(api(`?player=${encodeURIComponent("Тайная")}`));
      expect(secret.body.matches).toEqual([]);
    });

    it("looks matches up by id, a private one too (the id is its link), unknown ids left out", async () => {
      const unknown = "00000000-0000-4000-8000-000000000000";
      const { body } = await getJson(api(`?ids=${hidden.matchId},${unknown},${open.matchId}`));
      expect((body.matches as Listed[]).map((m) => m.id)).toEqual([hidden.matchId, open.matchId]);
    });

    it("refuses a bad query with 400 in JSON naming the field, never a 500", async () => {
      for (const query of [
        "?limit=0",
        "?limit=101",
        "?limit=abc",
        "?limit=2.5",
        "?cursor=!!!",
        "?cursor=eyJmIjoxfQ",
        `?player=${encodeURIComponent("<script>")}`,
        `?player=${"x".repeat(300)}`,
        "?ids=not-a-uuid",
        `?ids=${Array.from({ length: 21 }, () => open.matchId).join(",")}`,
        `?ids=${open.matchId}&player=Анна`,
        "?sort=desc",
        "?limit=1&limit=2",
      ]) {
        await expectError(api(query), 400, "bad-query");
      }
    });
  });

  describe("GET /api/matches/:id", () => {
    it("gives every stroke with the table after it and the score, for a match of today and one of format 1", async () => {
      for (const id of [open.matchId, GOLDEN_ID]) {
        const { status, body } = await getJson(api(`/${id}`));
        expect(status).toBe(200);
        const shots = body.shots as {
          number: number;
          after?: unknown[];
          score?: number[];
          verdict: { shelf?: number[] };
        }[];
        expect(shots.length).toBeGreaterThan(2);
        for (const shot of shots) {
          expect(Array.isArray(shot.after)).toBe(true);
          if (shot.verdict.shelf) expect(shot.score).toEqual(shot.verdict.shelf);
        }
      }
    });

    it("answers a bad id with 400 and an unknown one with 404", async () => {
      await expectError(api("/nope"), 400, "bad-id");
      await expectError(api("/00000000-0000-4000-8000-000000000000"), 404, "not-found");
    });
  });

  describe("GET /api/matches/:id/shots/:n/scenario.json", () => {
    it("each played shot, run through the real habibka-sim, gives the verdict the server recorded", async () => {
      for (const { number } of open.played) {
        const response = await fetch(api(`/${open.matchId}/shots/${number}/scenario.json`));
        expect(response.status).toBe(200);
        expect(response.headers.get("content-disposition")).toMatch(
          /attachment; filename="habibka-\d{6}-shot-\d+\.json"/,
        );
        const text = await response.text();
        const scenario = JSON.parse(text) as { recorded: { verdict: unknown; shot: number } };
        expect(scenario.recorded.shot).toBe(number);
        const run = await runSim(text);
        expect(run.status, run.stderr).toBe(0);
        const result = JSON.parse(run.stdout) as { verdict: Record<string, unknown> };
        // The contract's verdict fields (the command adds its clauses and explanation beside them).
        const contract = Object.fromEntries(
          Object.keys(scenario.recorded.verdict as object).map((k) => [k, result.verdict[k]]),
        );
        expect(contract, `shot ${number}`).toEqual(scenario.recorded.verdict);
      }
      // The deliberate miss is among them: a foul the scenario reproduces.
      expect(open.played.some((p) => p.miss)).toBe(true);
    });

    it("answers a bad number with 400, and a shot the match does not have with 404", async () => {
      for (const bad of ["x", "-1", "1e3", "0", "2.5", "999999999"]) {
        await expectError(api(`/${open.matchId}/shots/${bad}/scenario.json`), 400, "bad-shot");
      }
      await expectError(api(`/${open.matchId}/shots/999/scenario.json`), 404, "no-such-shot");
      await expectError(api("/bad/shots/2/scenario.json"), 400, "bad-id");
      await expectError(api("/00000000-0000-4000-8000-000000000000/shots/2/scenario.json"), 404, "not-found");
    });
  });

  describe("the pages /m/<id> and /m/<id>/<n>", () => {
    async function page(path: string): Promise<string> {
      const response = await fetch(`${game.httpUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/text\/html/);
      return response.text();
    }
    const meta = (html: string, property: string) =>
      new RegExp(`<meta property="${property}" content="([^"]*)" />`).exec(html)?.[1] ?? null;

    it("serves the client with an Open Graph head naming the players, the score and the last shot's picture", async () => {
      const html = await page(`/m/${open.matchId}`);
      expect(html).toContain('<div id="root"></div>');
      expect(meta(html, "og:title")).toContain("Анна — O&#39;Brien");
      const last = open.played.at(-1)!.number;
      expect(meta(html, "og:image")).toBe(`${game.httpUrl}/m/${open.matchId}/${last}.png`);
    });

    it("a shot's page names the shot, its verdict's first sentence and its own picture", async () => {
      const miss = open.played.find((p) => p.miss)!.number;
      const html = await page(`/m/${open.matchId}/${miss}`);
      expect(meta(html, "og:title")).toContain(`Удар ${miss}`);
      const description = meta(html, "og:description")!.replaceAll("&#39;", "'");
      expect(description).toMatch(/^Штраф — (?:Анна|O'Brien): промах, биток не задел ни одного шара \(п\. 17\)\.$/);
      // Word for word the first sentence the match page itself shows for that shot, read from the same API.
      const data = parseMatchPage((await getJson(api(`/${open.matchId}`))).body)!;
      const shown = data.shots.find((s) => s.message.number === miss)!.message;
      expect(verdictText(shown, data.players, "ru").startsWith(`${description} `)).toBe(true);
      expect(meta(html, "og:image")).toBe(`${game.httpUrl}/m/${open.matchId}/${miss}.png`);
      expect(meta(html, "og:url")).toBe(`${game.httpUrl}/m/${open.matchId}/${miss}`);
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toContain(`Удар ${miss}`);
    });

    it("a foul's page says the foul, even on the break, whose first sentence tells of the break", async () => {
      // The golden record's shot 2 is the break, a foul for want of a safety.
      const description = meta(await page(`/m/${GOLDEN_ID}/2`), "og:description")!;
      expect(description).toMatch(/^Штраф — Player 1: не выполнен отыгрыш/);
      expect(description).not.toContain("Разбой");
    });

    it("a Host header that is not a host name never reaches the head: the links stay relative", async () => {
      const html = await new Promise<string>((resolve, reject) => {
        const req = request(
          `${game.httpUrl}/m/${open.matchId}`,
          { headers: { Host: 'x"><script>alert(1)</script>' } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
          },
        );
        req.on("error", reject);
        req.end();
      });
      expect(html).not.toContain("<script>alert");
      expect(meta(html, "og:image")).toMatch(new RegExp(`^/m/${open.matchId}/\\d+\\.png$`));
    });

    it("a private match's page opens by its link, and a record of format 1 shows too", async () => {
      expect(meta(await page(`/m/${hidden.matchId}`), "og:title")).toContain("Тайная");
      expect(meta(await page(`/m/${GOLDEN_ID}/2`), "og:title")).toContain("Удар 2");
    });

    it("answers a bad id or number with 400 and an unknown match or shot with 404, in JSON", async () => {
      const base = game.httpUrl;
      await expectError(`${base}/m/not-a-match`, 400, "bad-id");
      await expectError(`${base}/m/${open.matchId}/two`, 400, "bad-shot");
      await expectError(`${base}/m/${open.matchId}/-3`, 400, "bad-shot");
      await expectError(`${base}/m/00000000-0000-4000-8000-000000000000`, 404, "not-found");
      await expectError(`${base}/m/${open.matchId}/999`, 404, "no-such-shot");
      await expectError(`${base}/m/${open.matchId}/999.png`, 404, "no-such-shot");
      await expectError(`${base}/m/${open.matchId}/x.png`, 400, "bad-shot");
      await expectError(`${base}/m/${open.matchId}/2.png?lang=fr`, 400, "bad-query");
    });

    it("gives a browser following a broken link the client with the 404, which tells the player so", async () => {
      for (const path of ["/m/00000000-0000-4000-8000-000000000000", `/m/${open.matchId}/999`, "/m/not-a-match"]) {
        const answer = await fetch(`${game.httpUrl}${path}`, { headers: { accept: "text/html,*/*;q=0.8" } });
        expect(answer.status, path).toBe(path.endsWith("not-a-match") ? 400 : 404);
        expect(answer.headers.get("content-type"), path).toMatch(/^text\/html/);
        expect(await answer.text(), path).toContain('<div id="root">');
      }
    });
  });

  describe("GET /m/<id>/<n>.png: the shot's picture", () => {
    async function picture(path: string): Promise<Buffer> {
      const response = await fetch(`${game.httpUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.get("cache-control")).toContain("immutable");
      return Buffer.from(await response.arrayBuffer());
    }

    it("is a PNG of the Open Graph size whose pixels differ from one shot to another", async () => {
      const [first, second] = open.played.map((p) => p.number);
      const a = await picture(`/m/${open.matchId}/${first}.png`);
      const b = await picture(`/m/${open.matchId}/${second}.png`);
      for (const png of [a, b]) {
        expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
        expect(png.readUInt32BE(16)).toBe(PICTURE_WIDTH);
        expect(png.readUInt32BE(20)).toBe(PICTURE_HEIGHT);
      }
      const [imageA, imageB] = [await loadImage(a), await loadImage(b)];
      expect([imageA.width, imageA.height]).toEqual([PICTURE_WIDTH, PICTURE_HEIGHT]);
      const { createCanvas } = await import("@napi-rs/canvas");
      const pixels = (image: typeof imageA) => {
        const canvas = createCanvas(PICTURE_WIDTH, PICTURE_HEIGHT);
        const ctx = canvas.getContext("2d");
        ctx.drawImage(image, 0, 0);
        return ctx.getImageData(0, 0, PICTURE_WIDTH, PICTURE_HEIGHT).data;
      };
      const [pa, pb] = [pixels(imageA), pixels(imageB)];
      let differing = 0;
      for (let i = 0; i < pa.length; i += 4)
        if (pa[i] !== pb[i] || pa[i + 1] !== pb[i + 1] || pa[i + 2] !== pb[i + 2]) differing++;
      // The balls moved and the caption changed: thousands of pixels, not a stray few.
      expect(differing).toBeGreaterThan(2_000);
      // Asked again, the same bytes (kept, not drawn again).
      expect((await picture(`/m/${open.matchId}/${first}.png`)).equals(a)).toBe(true);
    });

    it("draws a record of format 1 too, in either language", async () => {
      const ru = await picture(`/m/${GOLDEN_ID}/2.png`);
      const en = await picture(`/m/${GOLDEN_ID}/2.png?lang=en`);
      expect(ru.equals(en)).toBe(false);
    });
  });
});

describe("ShotPictures – a few drawn at once, the rest told to come back", () => {
  const { record } = readGoldenRecord("format-1-match.json");
  const folded = matchShots(record);
  if (!folded.ok) throw new Error(folded.error.message);
  const shots: MatchShot[] = folded.value;

  it("draws one at a time with no line, refusing the one that finds it busy, and keeps what it drew", async () => {
    const pictures = new ShotPictures({ concurrent: 1, queued: 0, cacheBytes: 10 * 2 ** 20 });
    const input = (i: number) => ({ shot: shots[i]!, players: ["A", "B"] as const, language: "ru" as const });
    const [first, second] = await Promise.all([pictures.picture("a", input(0)), pictures.picture("b", input(1))]);
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(await pictures.picture("a", input(0))).toBe(first);
  });

  it("lets the oldest picture go when the memory it may keep is full", async () => {
    const pictures = new ShotPictures({ concurrent: 2, queued: 4, cacheBytes: 120 * 1024 });
    const input = (i: number) => ({ shot: shots[i]!, players: ["A", "B"] as const, language: "ru" as const });
    const a = await pictures.picture("a", input(0));
    await pictures.picture("b", input(1));
    await pictures.picture("c", input(2));
    const again = await pictures.picture("a", input(0));
    expect(again).not.toBe(a);
    expect(again?.equals(a!)).toBe(true);
  });
});

describe("the pictures' own per-address limit", () => {
  let game: RunningServer;
  beforeAll(async () => {
    game = await startTestServer({
      rateLimits: {
        ...TEST_RATE_LIMITS,
        address: { ...TEST_RATE_LIMITS.address, pictures: { points: 2, seconds: 60 } },
      },
    });
  });
  afterAll(() => game?.stop());

  it("answers 429 with Retry-After past the pictures' allowance, whatever the picture", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${game.httpUrl}/m/00000000-0000-4000-8000-00000000000${i}/2.png`);
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([404, 404, 429]);
    // The pages themselves are not counted against it.
    expect((await fetch(`${game.httpUrl}/healthz`)).status).toBe(200);
  });
});

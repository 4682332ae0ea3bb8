import { request } from "node:http";
import { parseMatchPage } from "@habibka/client/match-page/match-data";
import { verdictText } from "@habibka/client/ui/verdict-text";
import { type MatchShot, matchShots } from "@habibka/shared/match";
import { readGoldenRecord } from "@habibka/shared/testing/golden-records";
import { loadImage } from "@napi-rs/canvas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ShotPictures } from "../src/http/match-pages.ts";
import { PICTURE_HEIGHT, PICTURE_WIDTH } from "../src/http/shot-picture.ts";
import { expectError, GOLDEN_ID, getJson, useMatchPagesServer } from "./support/match-pages-server.ts";
import { type RunningServer, startTestServer, TEST_RATE_LIMITS } from "./support/test-server.ts";

/**
 * The match pages against the real server: their Open Graph heads, the shot pictures and the limits on
 * drawing them, and the answers to bad ids and numbers (support/match-pages-server.ts plays the matches).
 * The JSON the pages read is match-api.test.ts.
 */

describe("match pages, the history and shared shots", () => {
  const pages = useMatchPagesServer();

  describe("the pages /m/<id> and /m/<id>/<n>", () => {
    async function page(path: string): Promise<string> {
      const response = await fetch(`${pages.game.httpUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/text\/html/);
      return response.text();
    }
    const meta = (html: string, property: string) =>
      new RegExp(`<meta property="${property}" content="([^"]*)" />`).exec(html)?.[1] ?? null;

    it("serves the client with an Open Graph head naming the players, the score and the last shot's picture", async () => {
      const html = await page(`/m/${pages.open.matchId}`);
      expect(html).toContain('<div id="root"></div>');
      expect(meta(html, "og:title")).toContain("Анна — O&#39;Brien");
      const last = pages.open.played.at(-1)!.number;
      expect(meta(html, "og:image")).toBe(`${pages.game.httpUrl}/m/${pages.open.matchId}/${last}.png`);
    });

    it("a shot's page names the shot, its verdict's first sentence and its own picture", async () => {
      const miss = pages.open.played.find((p) => p.miss)!.number;
      const html = await page(`/m/${pages.open.matchId}/${miss}`);
      expect(meta(html, "og:title")).toContain(`Удар ${miss}`);
      const description = meta(html, "og:description")!.replaceAll("&#39;", "'");
      expect(description).toMatch(/^Штраф — (?:Анна|O'Brien): промах, биток не задел ни одного шара \(п\. 17\)\.$/);
      // Word for word the first sentence the match page itself shows for that shot, read from the same API.
      const data = parseMatchPage((await getJson(pages.api(`/${pages.open.matchId}`))).body)!;
      const shown = data.shots.find((s) => s.message.number === miss)!.message;
      expect(verdictText(shown, data.players, "ru").startsWith(`${description} `)).toBe(true);
      expect(meta(html, "og:image")).toBe(`${pages.game.httpUrl}/m/${pages.open.matchId}/${miss}.png`);
      expect(meta(html, "og:url")).toBe(`${pages.game.httpUrl}/m/${pages.open.matchId}/${miss}`);
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
          `${pages.game.httpUrl}/m/${pages.open.matchId}`,
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
      expect(meta(html, "og:image")).toMatch(new RegExp(`^/m/${pages.open.matchId}/\\d+\\.png$`));
    });

    it("a private match's page opens by its link, and a record of format 1 shows too", async () => {
      expect(meta(await page(`/m/${pages.hidden.matchId}`), "og:title")).toContain("Тайная");
      expect(meta(await page(`/m/${GOLDEN_ID}/2`), "og:title")).toContain("Удар 2");
    });

    it("answers a bad id or number with 400 and an unknown match or shot with 404, in JSON", async () => {
      const base = pages.game.httpUrl;
      await expectError(`${base}/m/not-a-match`, 400, "bad-id");
      await expectError(`${base}/m/${pages.open.matchId}/two`, 400, "bad-shot");
      await expectError(`${base}/m/${pages.open.matchId}/-3`, 400, "bad-shot");
      await expectError(`${base}/m/00000000-0000-4000-8000-000000000000`, 404, "not-found");
      await expectError(`${base}/m/${pages.open.matchId}/999`, 404, "no-such-shot");
      await expectError(`${base}/m/${pages.open.matchId}/999.png`, 404, "no-such-shot");
      await expectError(`${base}/m/${pages.open.matchId}/x.png`, 400, "bad-shot");
      await expectError(`${base}/m/${pages.open.matchId}/2.png?lang=fr`, 400, "bad-query");
    });

    it("gives a browser following a broken link the client with the 404, which tells the player so", async () => {
      for (const path of [
        "/m/00000000-0000-4000-8000-000000000000",
        `/m/${pages.open.matchId}/999`,
        "/m/not-a-match",
      ]) {
        const answer = await fetch(`${pages.game.httpUrl}${path}`, { headers: { accept: "text/html,*/*;q=0.8" } });
        expect(answer.status, path).toBe(path.endsWith("not-a-match") ? 400 : 404);
        expect(answer.headers.get("content-type"), path).toMatch(/^text\/html/);
        expect(await answer.text(), path).toContain('<div id="root">');
      }
    });
  });

  describe("GET /m/<id>/<n>.png: the shot's picture", () => {
    async function picture(path: string): Promise<Buffer> {
      const response = await fetch(`${pages.game.httpUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.get("cache-control")).toContain("immutable");
      return Buffer.from(await response.arrayBuffer());
    }

    it("is a PNG of the Open Graph size whose pixels differ from one shot to another", async () => {
      const [first, second] = pages.open.played.map((p) => p.number);
      const a = await picture(`/m/${pages.open.matchId}/${first}.png`);
      const b = await picture(`/m/${pages.open.matchId}/${second}.png`);
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
      expect((await picture(`/m/${pages.open.matchId}/${first}.png`)).equals(a)).toBe(true);
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

import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectError, GOLDEN_ID, getJson, ROOT, useMatchPagesServer } from "./support/match-pages-server.ts";

/**
 * What the match pages read, against the real server: the history (paging, a player's matches, a few by
 * id), one match's record with the table after every stroke, a shot's `habibka-sim` scenario run through the
 * real command, and the answers to bad ids and numbers (support/match-pages-server.ts plays the matches).
 * The pages themselves and their pictures are match-og-pages.test.ts.
 */

interface Listed {
  readonly id: string;
  readonly players: [string | null, string | null];
  readonly result: { readonly finishedAt: number } | null;
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

describe("match pages, the history and shared shots", () => {
  const pages = useMatchPagesServer();

  describe("GET /api/matches: the history", () => {
    it("lists finished public matches, newest first, and never a private one", async () => {
      const { status, body } = await getJson(pages.api(""));
      expect(status).toBe(200);
      const ids = (body.matches as Listed[]).map((m) => m.id);
      expect(ids).toEqual([pages.open.matchId, GOLDEN_ID]);
      expect(ids).not.toContain(pages.hidden.matchId);
      expect(body.next).toBeNull();
    });

    it("pages with a cursor: one match a page, each once, and no cursor after the last", async () => {
      const first = await getJson(pages.api("?limit=1"));
      expect((first.body.matches as Listed[]).map((m) => m.id)).toEqual([pages.open.matchId]);
      expect(typeof first.body.next).toBe("string");
      const second = await getJson(pages.api(`?limit=1&cursor=${first.body.next}`));
      expect((second.body.matches as Listed[]).map((m) => m.id)).toEqual([GOLDEN_ID]);
      expect(second.body.next).toBeNull();
    });

    it("filters by a player's name, in any case, exactly that player", async () => {
      const anna = await getJson(pages.api(`?player=${encodeURIComponent("анна")}`));
      expect((anna.body.matches as Listed[]).map((m) => m.id)).toEqual([pages.open.matchId]);
      const apostrophe = await getJson(pages.api(`?player=${encodeURIComponent("o'brien")}`));
      expect((apostrophe.body.matches as Listed[]).map((m) => m.id)).toEqual([pages.open.matchId]);
      const partial = await getJson(pages.api(`?player=${encodeURIComponent("Ан")}`));
      expect(partial.body.matches).toEqual([]);
      // The private match's players are never found by name.
      const secret = await getJson(pages.api(`?player=${encodeURIComponent("Тайная")}`));
      expect(secret.body.matches).toEqual([]);
    });

    it("looks matches up by id, a private one too (the id is its link), unknown ids left out", async () => {
      const unknown = "00000000-0000-4000-8000-000000000000";
      const { body } = await getJson(pages.api(`?ids=${pages.hidden.matchId},${unknown},${pages.open.matchId}`));
      expect((body.matches as Listed[]).map((m) => m.id)).toEqual([pages.hidden.matchId, pages.open.matchId]);
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
        `?ids=${Array.from({ length: 21 }, () => pages.open.matchId).join(",")}`,
        `?ids=${pages.open.matchId}&player=Анна`,
        "?sort=desc",
        "?limit=1&limit=2",
      ]) {
        await expectError(pages.api(query), 400, "bad-query");
      }
    });
  });

  describe("GET /api/matches/:id", () => {
    it("gives every stroke with the table after it and the score, for a match of today and one of format 1", async () => {
      for (const id of [pages.open.matchId, GOLDEN_ID]) {
        const { status, body } = await getJson(pages.api(`/${id}`));
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
      await expectError(pages.api("/nope"), 400, "bad-id");
      await expectError(pages.api("/00000000-0000-4000-8000-000000000000"), 404, "not-found");
    });
  });

  describe("GET /api/matches/:id/shots/:n/scenario.json", () => {
    it("each played shot, run through the real habibka-sim, gives the verdict the server recorded", async () => {
      for (const { number } of pages.open.played) {
        const response = await fetch(pages.api(`/${pages.open.matchId}/shots/${number}/scenario.json`));
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
      expect(pages.open.played.some((p) => p.miss)).toBe(true);
    });

    it("answers a bad number with 400, and a shot the match does not have with 404", async () => {
      for (const bad of ["x", "-1", "1e3", "0", "2.5", "999999999"]) {
        await expectError(pages.api(`/${pages.open.matchId}/shots/${bad}/scenario.json`), 400, "bad-shot");
      }
      await expectError(pages.api(`/${pages.open.matchId}/shots/999/scenario.json`), 404, "no-such-shot");
      await expectError(pages.api("/bad/shots/2/scenario.json"), 400, "bad-id");
      await expectError(pages.api("/00000000-0000-4000-8000-000000000000/shots/2/scenario.json"), 404, "not-found");
    });
  });
});

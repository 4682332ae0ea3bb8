#!/usr/bin/env node
/**
 * Keeps a running game server's analyses busy, to measure what they cost the tables beside them
 * (docs/COMPUTER.md, "Analysis"). Two steps:
 *
 *   node server/loadtest/ask-analyses.ts --prepare data/analyses.sqlite --matches 40
 *       stores that many finished matches (the computer's novice against itself, seeded) in a new records
 *       file, for a server to be started on (DATABASE_PATH);
 *   node server/loadtest/ask-analyses.ts --url http://127.0.0.1:2567 --seconds 120
 *       asks, from a made-up address each time (a server started with TRUST_PROXY=true believes it), for the
 *       analysis of every finished public match the server lists, as visitors on their pages do, so that its
 *       runner is never idle; prints how many were answered done, under way or refused.
 *
 * Bounded in count and time; it stops by itself.
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { playComputerMatch } from "@habibka/shared/testing/computer-match";
import { storeRecordsAt } from "../test/support/stored-record.ts";

const LIMITS = { matches: 500, seconds: 3_600 } as const;

function fail(message: string): never {
  process.stderr.write(
    `ask-analyses: ${message}\nusage: ask-analyses --prepare FILE [--matches 40] | --url URL [--seconds 120]\n`,
  );
  process.exit(2);
}

let values: { prepare?: string; matches: string; url?: string; seconds: string };
try {
  values = parseArgs({
    options: {
      prepare: { type: "string" },
      matches: { type: "string", default: "40" },
      url: { type: "string" },
      seconds: { type: "string", default: "120" },
    },
    strict: true,
  }).values as typeof values;
} catch (error) {
  fail((error as Error).message.split("\n")[0]!);
}

function bounded(name: string, value: string, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) fail(`--${name} must be a whole number from 1 to ${max}`);
  return n;
}

async function prepare(path: string, count: number): Promise<void> {
  if (existsSync(path)) fail(`${path} exists: give a new file`);
  const entries = Array.from({ length: count }, (_, i) => {
    const { record } = playComputerMatch({ levels: ["novice", "novice"], seed: 9000 + i, maxShots: 200, resign: true });
    return { record, matchId: randomUUID(), finished: true };
  });
  await storeRecordsAt(path, entries);
  const strokes = entries.reduce((n, e) => n + e.record.actions.filter((a) => a.played?.kind === "shot").length, 0);
  console.log(`ask-analyses: stored ${count} finished matches, ${strokes} strokes in all, in ${path}`);
}

async function finishedMatches(url: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page = (await (await fetch(`${url}/api/matches?limit=100${cursor ? `&cursor=${cursor}` : ""}`)).json()) as {
      matches: { id: string }[];
      next: string | null;
    };
    ids.push(...page.matches.map((m) => m.id));
    cursor = page.next;
  } while (cursor && ids.length < LIMITS.matches);
  return ids;
}

/** How often a page reads an analysis under way again, as the match page does. */
const POLL_MS = 2_000;

/**
 * Asks as visitors do, so that the server computes analyses flat out without being hammered: every match is
 * asked for; one under way is read again every 2 s; one refused is asked again once its Retry-After has
 * passed, so the runner takes a new one as soon as a place frees.
 */
async function ask(url: string, seconds: number): Promise<void> {
  const ids = await finishedMatches(url);
  if (ids.length === 0) fail(`${url} lists no finished public match`);
  const answers = new Map<string, number>();
  const done = new Set<string>();
  const nextAsk = new Map(ids.map((id) => [id, 0]));
  const started = performance.now();
  const until = started + seconds * 1000;
  let asked = 0;
  while (performance.now() < until && done.size < ids.length) {
    for (const id of ids) {
      const now = performance.now();
      if (done.has(id) || now >= until || now < nextAsk.get(id)!) continue;
      asked++;
      const address = `10.200.${(asked >> 8) & 255}.${asked & 255}`;
      const response = await fetch(`${url}/api/matches/${id}/analysis`, { headers: { "X-Real-IP": address } });
      const body = (await response.json()) as { error?: string };
      const key =
        response.status === 200 ? "done" : response.status === 202 ? "under way" : `${response.status} ${body.error}`;
      answers.set(key, (answers.get(key) ?? 0) + 1);
      if (response.status === 200) done.add(id);
      const retry = Number(response.headers.get("Retry-After")) || 0;
      nextAsk.set(id, now + (response.status === 202 ? POLL_MS : retry * 1000));
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.log(
    `ask-analyses: ${ids.length} matches, ${done.size} analysed in ${((performance.now() - started) / 1000).toFixed(0)} s; ` +
      `answers: ${[...answers].map(([k, n]) => `${k} ${n}`).join(", ")}`,
  );
}

if (values.prepare) await prepare(values.prepare, bounded("matches", values.matches, LIMITS.matches));
else if (values.url) await ask(new URL(values.url).origin, bounded("seconds", values.seconds, LIMITS.seconds));
else fail("give --prepare FILE or --url URL");

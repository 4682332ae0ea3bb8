#!/usr/bin/env node
/**
 * `pnpm loadtest`: N concurrent matches of scripted players (and spectators) against a running game server,
 * over real SDK connections, at a person's pace (a few seconds of thought, every animation watched) or the
 * quick one. It ramps up at a given number of new tables a second, holds, and prints what a player would feel
 * — joins refused and why, shots a second, the latency from a shot sent to its `shot` broadcast at the
 * shooter and at a spectator, event-loop stalls — beside what it cost: the server's CPU per live match-second
 * and per shot (every process and thread of it, when it runs on this box), its memory, the box's CPU and the
 * load generator's own. Bounded in count and time; it stops by itself.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { seededRandom } from "@habibka/shared";
import { type BotFigures, MatchBot } from "./match-bot.ts";
import { readOptions } from "./options.ts";
import { printReport, type Summary, summarize } from "./report.ts";
import { boxUsage, loadAverage } from "./server-usage.ts";
import { broadcastsBetween, ServerWatch, type Stalls } from "./server-watch.ts";
import { Counters, Latencies } from "./stats.ts";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Why a join failed, as one short line without the table's code or the address (so that alike ones add up). */
function refusalReason(error: unknown): string {
  const { name, message, code } =
    error instanceof Error
      ? (error as Error & { code?: unknown })
      : { name: "", message: String(error), code: undefined };
  const said = message || `${name}${code === undefined ? "" : ` ${String(code)}`}` || "no reason given";
  return said
    .replace(/\b[A-Z0-9]{4,}\b/g, "…")
    .replace(/\d+(\.\d+)*/g, "N")
    .slice(0, 80);
}

async function main(): Promise<void> {
  const options = readOptions();
  const random = seededRandom(options.seed);
  // Made-up addresses in 10.0.0.0/8, one per connection, in order.
  let connections = 0;
  const nextAddress = options.addresses
    ? () => {
        connections++;
        return `10.${(connections >> 16) & 255}.${(connections >> 8) & 255}.${connections & 255}`;
      }
    : null;
  const counters = new Counters();
  const refused = new Counters();
  const ramp = { atShooter: new Latencies(), atSpectator: new Latencies(), stalls: fresh() };
  const hold = { atShooter: new Latencies(), atSpectator: new Latencies(), stalls: fresh() };
  const figures: BotFigures = { atShooter: ramp.atShooter, atSpectator: ramp.atSpectator, counters };
  const log = (line: string) => {
    if (!options.json) process.stdout.write(`${line}\n`);
  };
  const server = new ServerWatch(options.url, options.port);
  // The generator's own event loop: while it stalls, answers wait unread, and the wait counts as the server's
  // latency. Its worst stall is reported beside the latencies, so that the two can be told apart.
  const ownLoop = monitorEventLoopDelay({ resolution: 10 });
  ownLoop.enable();
  const ownStallMs = () => Math.round(ownLoop.max / 1e5) / 10;
  server.stalls = ramp.stalls;
  server.start();
  const bots: MatchBot[] = [];
  let joined = 0;
  const startedAt = performance.now();
  const load = { start: loadAverage(), end: null as number | null };
  const rssAtStart = server.usage()?.rssMb ?? null;

  // Ramp: new tables arrive evenly at the rate asked for, whatever the joins before them are doing.
  const arrivals: Promise<void>[] = [];
  for (let i = 0; i < options.matches; i++) {
    const bot = new MatchBot(
      { ...options, nextAddress, random: seededRandom(Math.floor(random() * 2 ** 31)) },
      figures,
    );
    arrivals.push(
      bot.join().then(
        () => {
          joined++;
          bots.push(bot);
          bot.play();
        },
        (error: unknown) => {
          refused.add(refusalReason(error));
          void bot.stop();
        },
      ),
    );
    await wait(startedAt + ((i + 1) * 1000) / options.rate - performance.now());
  }
  await Promise.all(arrivals);
  const rampSeconds = (performance.now() - startedAt) / 1000;
  log(`ramped up: ${joined} matches joined, ${options.matches - joined} refused, in ${rampSeconds.toFixed(1)} s`);

  // Hold: what is measured per live match-second and per shot is counted from here.
  figures.atShooter = hold.atShooter;
  figures.atSpectator = hold.atSpectator;
  server.stalls = hold.stalls;
  const ownStalls = { ramp: ownStallMs(), hold: 0 };
  const bucketsBefore = await server.broadcastBuckets();
  ownLoop.reset();
  const before = {
    at: performance.now(),
    shots: counters.get("shots sent"),
    server: server.usage(),
    box: boxUsage(),
    own: process.cpuUsage(),
    rssMb: server.usage()?.rssMb ?? null,
  };
  const memoryOverTime: { minute: number; rssMb: number | null }[] = [];
  let lastReport = before.at;
  while (performance.now() - before.at < options.holdSeconds * 1000) {
    await wait(Math.min(5_000, before.at + options.holdSeconds * 1000 - performance.now()));
    const elapsed = (performance.now() - before.at) / 1000;
    if (options.soak && elapsed / 60 >= memoryOverTime.length) {
      memoryOverTime.push({ minute: memoryOverTime.length, rssMb: server.usage()?.rssMb ?? server.lastRssMb });
      log(`minute ${memoryOverTime.length - 1}: server memory ${memoryOverTime.at(-1)?.rssMb?.toFixed(1) ?? "?"} MB`);
    }
    if (performance.now() - lastReport >= 10_000) {
      lastReport = performance.now();
      log(
        `${elapsed.toFixed(0)} s: ${counters.get("shots sent") - before.shots} shots, p99 ${hold.atShooter.percentile(99).toFixed(1)} ms, ` +
          `worst stall ${hold.stalls.worstMs} ms (the load generator's own: ${ownStallMs()} ms)`,
      );
    }
  }
  const after = {
    at: performance.now(),
    shots: counters.get("shots sent"),
    server: server.usage(),
    box: boxUsage(),
    own: process.cpuUsage(before.own),
  };
  load.end = loadAverage();
  ownStalls.hold = ownStallMs();
  ownLoop.disable();
  const bucketsAfter = await server.broadcastBuckets();
  server.stop();
  // Shots sent just before the end are waited for (a while), then everyone leaves.
  await Promise.race([Promise.all(bots.map((bot) => bot.finish())), wait(10_000)]);
  await Promise.race([Promise.all(bots.map((bot) => bot.stop())), wait(10_000)]);

  const summary: Summary = summarize({
    options,
    joined,
    refused,
    counters,
    rampSeconds,
    ramp,
    hold,
    before,
    after,
    unanswered: bots.reduce((n, bot) => n + bot.unanswered(), 0),
    pids: server.pids.length,
    rssAtStart,
    memoryOverTime,
    load,
    ownWholeRun: process.cpuUsage(),
    ownStalls,
    atServer: bucketsBefore && bucketsAfter ? broadcastsBetween(bucketsBefore, bucketsAfter) : null,
    wholeRunSeconds: (performance.now() - startedAt) / 1000,
  });
  if (options.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  else printReport(summary, log);
  const ok = summary.refused === 0 && summary.unanswered === 0 && Object.keys(summary.errors).length === 0;
  process.exit(ok ? 0 : 1);
}

function fresh(): Stalls {
  return { worstMs: 0, over50: 0, looks: 0 };
}

await main();

#!/usr/bin/env node
/**
 * `pnpm loadtest`: N concurrent matches of scripted players (and spectators) against a running game server,
 * over real SDK connections, at a person's pace (a few seconds of thought, every animation watched) or the
 * quick one. It ramps up at a given number of new tables a second, holds, and prints what a player would feel
 * — joins refused and why, shots a second, the latency from a shot sent to its `shot` broadcast at the
 * shooter and at a spectator (and as the server itself timed it), event-loop stalls (the server's and the
 * generator's own) — beside what it cost: the server's CPU per live match-second and per shot (every process
 * and thread of it, when it runs on this box), its memory, the box's CPU and the load generator's own. The
 * bots run in threads of their own (bot-thread.ts); this one adds up what they report. Bounded in count and
 * time; it stops by itself.
 */
import { setFlagsFromString } from "node:v8";
import { Worker } from "node:worker_threads";
import type { Order, Report, ThreadData } from "./bot-thread.ts";
import { readOptions } from "./options.ts";
import { type MemoryAtMinute, printReport, type Summary, summarize } from "./report.ts";
import { boxUsage, listenOverflows, loadAverage } from "./server-usage.ts";
import { broadcastsBetween, ServerWatch, type Stalls } from "./server-watch.ts";
import { Counters, Latencies } from "./stats.ts";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** How long the load runs on after the hold, for the answers to the shots sent in its last moments. */
const DRAIN_MS = 2_000;

/** One stretch of the run: what the bots measured in it, and the worst stalls of the server and of the bots. */
function phase() {
  return {
    atShooter: new Latencies(),
    atSpectator: new Latencies(),
    stalls: fresh(),
    /** The generator's own worst event-loop stall, ms, over its bot threads. */
    ownStallMs: 0,
  };
}

async function main(): Promise<void> {
  const options = readOptions();
  const counters = new Counters();
  const refused = new Counters();
  const ramp = phase();
  const hold = phase();
  let current = ramp;
  let joined = 0;
  let unanswered = 0;
  const log = (line: string) => {
    if (!options.json) process.stdout.write(`${line}\n`);
  };
  const server = new ServerWatch(options.url, options.port);
  server.stalls = ramp.stalls;
  server.start();
  const startedAt = performance.now();
  const load = { start: loadAverage(), end: null as number | null };
  const overflowsAtStart = listenOverflows();
  const rssAtStart = server.usage()?.rssMb ?? null;

  // The bots run in threads of their own (bot-thread.ts); this thread only adds up what they report.
  //
  // Their heaps hold the SDK's rooms, about 0.4 MB a match, and once the ramp's growth stops V8's memory
  // reducer compacts them: at 1,500 matches a thread that stopped the thread for 0.2–0.25 s, and the shots
  // its bots then sent together reached the server as one burst. Both showed as the server's latency (p99
  // at the shooter 92–164 ms at 3,000 matches, against 28–39 ms without it). The generator keeps its memory;
  // its heaps are collected only as they grow. Set before the threads exist, so their heaps start without it.
  setFlagsFromString("--no-memory-reducer");
  const count = Math.min(options.threads, options.matches);
  const threads = Array.from({ length: count }, (_, thread) => {
    const data: ThreadData = { options, thread, threads: count };
    return new Worker(new URL("./bot-thread.ts", import.meta.url), { workerData: data });
  });
  const hear = (report: Report) => {
    switch (report.type) {
      case "figures":
        for (const ms of report.atShooter) current.atShooter.add(ms);
        for (const ms of report.atSpectator) current.atSpectator.add(ms);
        for (const [name, by] of report.counts) counters.add(name, by);
        current.ownStallMs = Math.max(current.ownStallMs, report.stallMs);
        break;
      case "joined":
        joined++;
        break;
      case "refused":
        refused.add(report.reason);
        break;
      case "done":
        unanswered += report.unanswered;
        break;
    }
  };
  const untilEach = (type: Report["type"]) =>
    Promise.all(
      threads.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const listen = (report: Report) => {
              if (report.type !== type) return;
              worker.off("message", listen);
              resolve();
            };
            worker.on("message", listen);
            worker.once("error", reject);
          }),
      ),
    );
  for (const worker of threads) worker.on("message", hear);

  // Ramp: each thread starts its share of the tables at its share of the rate.
  await untilEach("ramped");
  const rampSeconds = (performance.now() - startedAt) / 1000;
  log(`ramped up: ${joined} matches joined, ${options.matches - joined} refused, in ${rampSeconds.toFixed(1)} s`);

  // Hold: what is measured per live match-second and per shot is counted from here.
  current = hold;
  server.stalls = hold.stalls;
  const bucketsBefore = await server.broadcastBuckets();
  const before = {
    at: performance.now(),
    shots: counters.get("shots sent"),
    server: server.usage(),
    box: boxUsage(),
    own: process.cpuUsage(),
    rssMb: server.usage()?.rssMb ?? null,
  };
  const memoryOverTime: MemoryAtMinute[] = [];
  let lastReport = before.at;
  while (performance.now() - before.at < options.holdSeconds * 1000) {
    await wait(Math.min(5_000, before.at + options.holdSeconds * 1000 - performance.now()));
    const elapsed = (performance.now() - before.at) / 1000;
    if (options.soak && elapsed / 60 >= memoryOverTime.length) {
      const { mb, fullCollections } = server.lastLiveHeap;
      const rssMb = server.usage()?.rssMb ?? server.lastRssMb;
      memoryOverTime.push({ minute: memoryOverTime.length, rssMb, liveHeapMb: mb, fullCollections });
      log(
        `minute ${memoryOverTime.length - 1}: server memory ${rssMb?.toFixed(1) ?? "?"} MB; alive after the last ` +
          `full collection ${mb ?? "?"} MB (${fullCollections} full collections)`,
      );
    }
    if (performance.now() - lastReport >= 10_000) {
      lastReport = performance.now();
      log(
        `${elapsed.toFixed(0)} s: ${counters.get("shots sent") - before.shots} shots, p99 ${hold.atShooter.percentile(99).toFixed(1)} ms, ` +
          `worst stall ${hold.stalls.worstMs} ms (the load generator's own: ${hold.ownStallMs} ms)`,
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
  const overflowsAtEnd = listenOverflows();
  const bucketsAfter = await server.broadcastBuckets();
  server.stop();
  // The load runs on a little past the hold, its answers still counted: a shot sent in the hold's last
  // moments is answered under the same load as the others. What the bots report once they are told to
  // finish (while thousands of connections close) is the test's own ending, not the load it measures.
  await wait(DRAIN_MS);
  current = phase();
  const done = untilEach("done");
  for (const worker of threads) worker.postMessage({ type: "finish" } satisfies Order);
  await done;
  await Promise.all(threads.map((worker) => worker.terminate()));

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
    unanswered,
    pids: server.pids.length,
    rssAtStart,
    memoryOverTime,
    load,
    listenOverflows: overflowsAtStart !== null && overflowsAtEnd !== null ? overflowsAtEnd - overflowsAtStart : null,
    ownWholeRun: process.cpuUsage(),
    ownStalls: { ramp: ramp.ownStallMs, hold: hold.ownStallMs },
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

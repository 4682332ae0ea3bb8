#!/usr/bin/env node
/**
 * `pnpm loadtest`: N concurrent matches of scripted players (and spectators) against a running game server,
 * over real SDK connections. It ramps up, holds, and prints what a player would feel — matches joined and
 * failed, shots a second, the latency from a shot sent to its `shot` broadcast at the shooter and at a
 * spectator, errors — beside what the server paid for it (its CPU and memory when it runs on this box, and
 * the longest stall of its event loop from /healthz). Bounded in count and time; it stops by itself.
 */
import { parseArgs } from "node:util";
import { seededRandom } from "@habibka/shared";
import { MatchBot } from "./match-bot.ts";
import { serverProcesses, type Usage, usageOf } from "./server-usage.ts";
import { Counters, Latencies } from "./stats.ts";

const LIMITS = { matches: 10_000, spectators: 10, holdSeconds: 3_600, soakMinutes: 240 } as const;

function usage(message: string): never {
  process.stderr.write(
    `loadtest: ${message}\nusage: pnpm loadtest [--url http://127.0.0.1:2567] [--matches 10] [--spectators 1] ` +
      `[--ramp 10] [--hold 30] [--soak MINUTES] [--think 3-6] [--private] [--addresses] [--json]\n`,
  );
  process.exit(2);
}

function readOptions() {
  let parsed: ReturnType<typeof parse>;
  function parse() {
    return parseArgs({
      options: {
        url: { type: "string", default: "http://127.0.0.1:2567" },
        matches: { type: "string", default: "10" },
        spectators: { type: "string", default: "1" },
        ramp: { type: "string", default: "10" },
        hold: { type: "string", default: "30" },
        soak: { type: "string" },
        think: { type: "string", default: "3-6" },
        private: { type: "boolean", default: false },
        addresses: { type: "boolean", default: false },
        json: { type: "boolean", default: false },
        seed: { type: "string", default: "1" },
      },
      strict: true,
    });
  }
  try {
    parsed = parse();
  } catch (error) {
    usage((error as Error).message.split("\n")[0]!);
  }
  const v = parsed.values;
  const number = (name: string, value: string, max: number, min = 0) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < min || n > max) usage(`--${name} must be a number from ${min} to ${max}`);
    return n;
  };
  const url = new URL(v.url!);
  if (url.protocol !== "http:" && url.protocol !== "https:") usage("--url must be an http(s) address");
  const think = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(v.think!);
  if (!think || Number(think[1]) > Number(think[2])) usage("--think is MIN-MAX seconds, e.g. 3-6");
  const soakMinutes = v.soak === undefined ? null : number("soak", v.soak, LIMITS.soakMinutes, 1);
  return {
    url: url.origin,
    port: Number(url.port || (url.protocol === "https:" ? 443 : 80)),
    matches: Math.round(number("matches", v.matches!, LIMITS.matches, 1)),
    spectators: Math.round(number("spectators", v.spectators!, LIMITS.spectators)),
    rampSeconds: number("ramp", v.ramp!, LIMITS.holdSeconds),
    holdSeconds: soakMinutes === null ? number("hold", v.hold!, LIMITS.holdSeconds) : soakMinutes * 60,
    soak: soakMinutes !== null,
    think: [Number(think![1]), Number(think![2])] as const,
    visibility: v.private ? ("private" as const) : ("public" as const),
    addresses: v.addresses === true,
    json: v.json === true,
    seed: Math.round(number("seed", v.seed!, 2 ** 31)),
  };
}

interface Health {
  readonly rooms?: number;
  readonly loop?: { readonly maxMs: number; readonly p99Ms: number };
  readonly memory?: { readonly rssMb: number };
}

async function health(url: string): Promise<Health | null> {
  try {
    return (await (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) })).json()) as Health;
  } catch {
    return null;
  }
}

const round = (n: number, digits = 1) => (Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : null);

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
  const figures = { atShooter: new Latencies(), atSpectator: new Latencies(), counters: new Counters() };
  const bots: MatchBot[] = [];
  const playing: Promise<void>[] = [];
  const pids = serverProcesses(options.port);
  const cpuAtStart: Usage | null = usageOf(pids);
  // This process's own CPU: on a shared box the load generator takes its share of the cores it measures.
  const ownCpuAtStart = process.cpuUsage();
  const memoryOverTime: { minute: number; rssMb: number | null; matches: number }[] = [];
  let worstStallMs = 0;
  let joined = 0;
  let failed = 0;
  const startedAt = performance.now();
  const log = (line: string) => {
    if (!options.json) process.stdout.write(`${line}\n`);
  };

  // Ramp: the matches arrive evenly over the ramp.
  const gap = (options.rampSeconds * 1000) / options.matches;
  const arrivals: Promise<void>[] = [];
  for (let i = 0; i < options.matches; i++) {
    const bot = new MatchBot(
      { ...options, nextAddress, random: seededRandom(Math.floor(random() * 2 ** 31)) },
      figures,
    );
    bots.push(bot);
    arrivals.push(
      bot.join().then(
        () => {
          joined++;
          playing.push(bot.play());
        },
        (error: Error) => {
          failed++;
          figures.counters.add(`join failed: ${error.message.slice(0, 60)}`);
        },
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, gap));
  }
  await Promise.all(arrivals);
  log(`ramped up: ${joined} matches joined, ${failed} failed, in ${round((performance.now() - startedAt) / 1000)} s`);

  const holdStart = performance.now();
  const shotsAtHold = figures.counters.get("shots heard");
  let lastReport = holdStart;
  while (performance.now() - holdStart < options.holdSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const h = await health(options.url);
    worstStallMs = Math.max(worstStallMs, h?.loop?.maxMs ?? 0);
    const elapsed = (performance.now() - holdStart) / 1000;
    if (options.soak && elapsed / 60 >= memoryOverTime.length) {
      memoryOverTime.push({
        minute: memoryOverTime.length,
        rssMb: h?.memory?.rssMb ?? usageOf(pids)?.rssMb ?? null,
        matches: joined,
      });
      log(`minute ${memoryOverTime.length - 1}: server memory ${memoryOverTime.at(-1)?.rssMb ?? "?"} MB`);
    }
    if (performance.now() - lastReport >= 10_000) {
      lastReport = performance.now();
      log(
        `${round(elapsed, 0)} s: ${figures.counters.get("shots heard")} shots, p99 ${round(figures.atShooter.percentile(99))} ms, ` +
          `stall ${h?.loop?.maxMs ?? "?"} ms, errors ${figures.counters.entries().filter(([k]) => k.startsWith("error")).length}`,
      );
    }
  }
  const holdSeconds = (performance.now() - holdStart) / 1000;
  const shotsInHold = figures.counters.get("shots heard") - shotsAtHold;
  const cpuAtEnd = usageOf(pids);
  const ownCpu = process.cpuUsage(ownCpuAtStart);
  await Promise.all(bots.map((bot) => bot.stop()));
  await Promise.race([Promise.all(playing), new Promise((resolve) => setTimeout(resolve, 5_000))]);

  const unanswered = bots.reduce((n, bot) => n + bot.unanswered(), 0);
  const errors = Object.fromEntries(
    figures.counters.entries().filter(([k]) => !k.startsWith("shots") && k !== "matches finished"),
  );
  const summary = {
    url: options.url,
    matches: options.matches,
    spectatorsPerMatch: options.spectators,
    joined,
    failed,
    holdSeconds: round(holdSeconds),
    shotsSent: figures.counters.get("shots sent"),
    shotsHeard: figures.counters.get("shots heard"),
    shotsPerSecond: round(shotsInHold / holdSeconds, 2),
    unanswered,
    matchesFinished: figures.counters.get("matches finished"),
    latencyMs: {
      shooter: {
        p50: round(figures.atShooter.percentile(50)),
        p95: round(figures.atShooter.percentile(95)),
        p99: round(figures.atShooter.percentile(99)),
        max: round(figures.atShooter.max()),
      },
      spectator: {
        p50: round(figures.atSpectator.percentile(50)),
        p95: round(figures.atSpectator.percentile(95)),
        p99: round(figures.atSpectator.percentile(99)),
        max: round(figures.atSpectator.max()),
      },
    },
    worstStallMs,
    errors,
    loadGeneratorCpuPercent: round(
      ((ownCpu.user + ownCpu.system) / 1e6 / ((performance.now() - startedAt) / 1000)) * 100,
    ),
    server:
      cpuAtStart && cpuAtEnd
        ? {
            processes: pids.length,
            cpuPercent: round(
              ((cpuAtEnd.cpuSeconds - cpuAtStart.cpuSeconds) / ((performance.now() - startedAt) / 1000)) * 100,
            ),
            rssMb: round(cpuAtEnd.rssMb),
            mbPerMatch: joined > 0 ? round((cpuAtEnd.rssMb - cpuAtStart.rssMb) / joined, 3) : null,
          }
        : null,
    ...(options.soak ? { memoryOverTime } : {}),
  };
  if (options.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  else {
    log(`\nheld ${summary.holdSeconds} s with ${joined} matches (${failed} failed to join)`);
    log(
      `shots: ${summary.shotsHeard} heard of ${summary.shotsSent} sent, ${summary.shotsPerSecond}/s, ${unanswered} unanswered`,
    );
    log(
      `shot → broadcast at the shooter:   p50 ${summary.latencyMs.shooter.p50} ms, p95 ${summary.latencyMs.shooter.p95}, p99 ${summary.latencyMs.shooter.p99}, max ${summary.latencyMs.shooter.max}`,
    );
    log(
      `shot → broadcast at a spectator:   p50 ${summary.latencyMs.spectator.p50} ms, p95 ${summary.latencyMs.spectator.p95}, p99 ${summary.latencyMs.spectator.p99}, max ${summary.latencyMs.spectator.max}`,
    );
    log(`worst event-loop stall on the server: ${worstStallMs} ms`);
    log(
      `server: ${summary.server ? `${summary.server.cpuPercent}% CPU, ${summary.server.rssMb} MB, ${summary.server.mbPerMatch} MB a match` : "not on this box"}`,
    );
    log(`load generator (this command): ${summary.loadGeneratorCpuPercent}% CPU`);
    log(`errors: ${Object.keys(errors).length === 0 ? "none" : JSON.stringify(errors)}`);
  }
  process.exit(failed === 0 && unanswered === 0 && Object.keys(errors).length === 0 ? 0 : 1);
}

await main();

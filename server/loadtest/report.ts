import type { LoadOptions } from "./options.ts";
import type { ThreadKind, Usage } from "./server-usage.ts";
import type { broadcastsBetween, Stalls } from "./server-watch.ts";
import { type Counters, type Latencies, round } from "./stats.ts";

/** One stretch of the run (the ramp or the hold): its latencies and stalls. */
interface Phase {
  readonly atShooter: Latencies;
  readonly atSpectator: Latencies;
  readonly stalls: Stalls;
}

interface Snapshot {
  readonly at: number;
  readonly shots: number;
  readonly server: Usage | null;
  readonly box: { readonly busySeconds: number; readonly totalSeconds: number } | null;
}

/** A soak's look at the server's memory once a minute: resident, and what its heaps keep alive. */
export interface MemoryAtMinute {
  readonly minute: number;
  readonly rssMb: number | null;
  /** After each process's last full collection (server-watch.ts, `LiveHeapReading`). */
  readonly liveHeapMb: number | null;
  readonly fullCollections: number;
}

export interface RunFigures {
  readonly options: LoadOptions;
  readonly joined: number;
  readonly refused: Counters;
  readonly counters: Counters;
  readonly rampSeconds: number;
  readonly ramp: Phase;
  readonly hold: Phase;
  readonly before: Snapshot & { readonly rssMb: number | null };
  readonly after: Snapshot & { readonly own: NodeJS.CpuUsage };
  readonly unanswered: number;
  readonly pids: number;
  /** The server's memory before the first table of the run. */
  readonly rssAtStart: number | null;
  readonly memoryOverTime: readonly MemoryAtMinute[];
  readonly load: { readonly start: number | null; readonly end: number | null };
  /** Connections the box's kernel turned away with a listening queue full, from the ramp to the hold's end. */
  readonly listenOverflows: number | null;
  readonly ownWholeRun: NodeJS.CpuUsage;
  /** The load generator's own worst event-loop stall, ms, in the ramp and in the hold. */
  readonly ownStalls: { readonly ramp: number; readonly hold: number };
  /** The hold's broadcasts as the server timed them (its /metrics), when it answered. */
  readonly atServer: ReturnType<typeof broadcastsBetween> | null;
  readonly wholeRunSeconds: number;
}

const percentOfCore = (seconds: number, over: number) => round((seconds / over) * 100);

/** The run's figures as one object (`--json` prints it), every CPU figure over the hold alone. */
export function summarize(run: RunFigures) {
  const { options, before, after } = run;
  const holdSeconds = (after.at - before.at) / 1000;
  const shots = after.shots - before.shots;
  const matchSeconds = run.joined * holdSeconds;
  const server =
    before.server && after.server
      ? serverFigures(before.server, after.server, {
          holdSeconds,
          shots,
          matchSeconds,
          joined: run.joined,
          processes: run.pids,
          grownMb: before.rssMb !== null && run.rssAtStart !== null ? before.rssMb - run.rssAtStart : null,
        })
      : null;
  const box =
    before.box && after.box
      ? round(
          ((after.box.busySeconds - before.box.busySeconds) / (after.box.totalSeconds - before.box.totalSeconds)) * 100,
        )
      : null;
  const errors = Object.fromEntries(
    run.counters.entries().filter(([k]) => !k.startsWith("shots") && k !== "matches finished"),
  );
  return {
    url: options.url,
    pace: options.pace,
    think: options.think,
    matches: options.matches,
    spectatorsPerMatch: options.spectators,
    rampRate: round(options.rate),
    rampSeconds: round(run.rampSeconds),
    joined: run.joined,
    refused: options.matches - run.joined,
    refusedWhy: Object.fromEntries(run.refused.entries()),
    holdSeconds: round(holdSeconds),
    shotsInHold: shots,
    shotsPerSecond: round(shots / holdSeconds, 2),
    secondsBetweenShotsOfAMatch: shots > 0 ? round(matchSeconds / shots) : null,
    shotsSent: run.counters.get("shots sent"),
    shotsHeard: run.counters.get("shots heard"),
    unanswered: run.unanswered,
    matchesFinished: run.counters.get("matches finished"),
    latencyMs: {
      shooter: run.hold.atShooter.summary(),
      spectator: run.hold.atSpectator.summary(),
      duringRamp: { shooter: run.ramp.atShooter.summary() },
      atServer: run.atServer,
    },
    stalls: { hold: run.hold.stalls, ramp: run.ramp.stalls },
    errors,
    server,
    boxCpuPercentOfAllCores: box,
    loadAverage: run.load,
    listenOverflows: run.listenOverflows,
    loadGenerator: {
      threads: Math.min(options.threads, options.matches),
      cpuPercentOfACore: percentOfCore((after.own.user + after.own.system) / 1e6, holdSeconds),
      wholeRunCpuPercentOfACore: percentOfCore(
        (run.ownWholeRun.user + run.ownWholeRun.system) / 1e6,
        run.wholeRunSeconds,
      ),
      worstStallMs: run.ownStalls,
    },
    ...(options.soak ? { memoryOverTime: run.memoryOverTime, liveHeap: liveHeapTrend(run.memoryOverTime) } : {}),
  };
}

export type Summary = ReturnType<typeof summarize>;

/**
 * How what the server keeps alive moved over a soak: from the first minute after its first full collection to
 * the last minute after a later one (null without two such collections). Steady under a steady load means no
 * leak, whatever the resident memory does.
 */
export function liveHeapTrend(minutes: readonly MemoryAtMinute[]) {
  const measured = minutes.filter((m): m is MemoryAtMinute & { liveHeapMb: number } => m.liveHeapMb !== null);
  const first = measured[0];
  // The latest collection's reading, at the minute it was first seen: the minutes after it repeat it.
  const latest = measured.at(-1);
  const last = measured.find((m) => m.fullCollections === latest?.fullCollections);
  if (first === undefined || last === undefined || last === first) return null;
  return {
    first: { minute: first.minute, mb: first.liveHeapMb },
    last: { minute: last.minute, mb: last.liveHeapMb },
    fullCollections: last.fullCollections - first.fullCollections,
    mbPerHour: round(((last.liveHeapMb - first.liveHeapMb) / (last.minute - first.minute)) * 60),
  };
}

function serverFigures(
  before: Usage,
  after: Usage,
  run: {
    holdSeconds: number;
    shots: number;
    matchSeconds: number;
    joined: number;
    processes: number;
    grownMb: number | null;
  },
) {
  const cpu = after.cpuSeconds - before.cpuSeconds;
  const byThread = Object.fromEntries(
    (Object.keys(after.byThread) as ThreadKind[]).map((kind) => [
      kind,
      percentOfCore(after.byThread[kind] - before.byThread[kind], run.holdSeconds),
    ]),
  );
  return {
    cpuPercentOfACore: percentOfCore(cpu, run.holdSeconds),
    cpuPercentByThread: byThread,
    cpuMsPerLiveMatchSecond: run.matchSeconds > 0 ? round((cpu * 1000) / run.matchSeconds, 3) : null,
    cpuMsPerShot: run.shots > 0 ? round((cpu * 1000) / run.shots, 2) : null,
    rssMb: round(after.rssMb),
    processes: run.processes,
    mbPerMatch: run.joined > 0 && run.grownMb !== null ? round(run.grownMb / run.joined, 3) : null,
  };
}

export function printReport(s: Summary, log: (line: string) => void): void {
  const lat = (l: ReturnType<Latencies["summary"]>) => `p50 ${l.p50} ms, p95 ${l.p95}, p99 ${l.p99}, max ${l.max}`;
  log(
    `\n${s.pace} pace (think ${s.think.join("–")} s): ${s.joined} of ${s.matches} matches joined at ${s.rampRate} a second ` +
      `(${s.refused} refused${s.refused > 0 ? `: ${JSON.stringify(s.refusedWhy)}` : ""}), held ${s.holdSeconds} s`,
  );
  log(
    `shots: ${s.shotsInHold} in the hold, ${s.shotsPerSecond}/s (one a match every ${s.secondsBetweenShotsOfAMatch} s), ` +
      `${s.unanswered} unanswered`,
  );
  log(`shot → broadcast at the shooter:   ${lat(s.latencyMs.shooter)}`);
  log(`shot → broadcast at a spectator:   ${lat(s.latencyMs.spectator)}`);
  log(`  (during the ramp, at the shooter: ${lat(s.latencyMs.duringRamp.shooter)})`);
  const atServer = s.latencyMs.atServer;
  if (atServer) {
    log(
      `  (in the hold, timed by the server from message to broadcast: ${atServer.strokes} strokes, ` +
        `${atServer.percentWithin25Ms}% within 25 ms, ${atServer.percentWithin100Ms}% within 100 ms, p99 ≤ ${atServer.p99AtMostMs} ms)`,
    );
  }
  log(
    `event-loop stalls: worst ${s.stalls.hold.worstMs} ms in the hold (${s.stalls.hold.over50} of ${s.stalls.hold.looks} looks over 50 ms), ` +
      `${s.stalls.ramp.worstMs} ms in the ramp (${s.stalls.ramp.over50} of ${s.stalls.ramp.looks})`,
  );
  if (s.server) {
    log(
      `server CPU: ${s.server.cpuMsPerLiveMatchSecond} ms per live match-second, ${s.server.cpuMsPerShot} ms per shot, ` +
        `${s.server.cpuPercentOfACore}% of a core (${Object.entries(s.server.cpuPercentByThread)
          .map(([k, v]) => `${k} ${v}%`)
          .join(", ")})`,
    );
    log(`server memory: ${s.server.rssMb} MB, ${s.server.mbPerMatch} MB a match`);
    const t = s.liveHeap;
    if (t !== undefined) {
      log(
        t === null
          ? "alive in the heap: fewer than two full collections in the soak, nothing to compare"
          : `alive in the heap after full collections: ${t.first.mb} MB at minute ${t.first.minute}, ${t.last.mb} MB at minute ` +
              `${t.last.minute} (${t.fullCollections} collections between), ${t.mbPerHour} MB an hour`,
      );
    }
  } else log("server: not on this box (its CPU and memory are not measured)");
  log(
    `load generator (this command, ${s.loadGenerator.threads} bot threads): ${s.loadGenerator.cpuPercentOfACore}% of a core; box: ${s.boxCpuPercentOfAllCores}% of all cores; ` +
      `load average ${s.loadAverage.start} → ${s.loadAverage.end}`,
  );
  log(
    `load generator's own event-loop stalls (its answers wait unread meanwhile), over its bot threads: worst ${s.loadGenerator.worstStallMs.hold} ms ` +
      `in the hold, ${s.loadGenerator.worstStallMs.ramp} ms in the ramp`,
  );
  if (s.listenOverflows !== null) {
    log(
      `connections the box's kernel turned away, a listening queue full (each tried again seconds later): ${s.listenOverflows}`,
    );
  }
  log(`errors: ${Object.keys(s.errors).length === 0 ? "none" : JSON.stringify(s.errors)}`);
}

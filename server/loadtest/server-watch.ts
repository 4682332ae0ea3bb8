import { listeningPorts, serverProcesses, type Usage, usageOf } from "./server-usage.ts";
import { round } from "./stats.ts";

/** A stall of the event loop longer than this is counted (the goal: none at the load a process is sized for). */
const STALL_MS = 50;

interface Health {
  readonly loop?: { readonly maxMs: number; readonly p99Ms: number };
  readonly memory?: { readonly rssMb: number; readonly liveHeapMb?: number | null; readonly fullCollections?: number };
}

/** What the server's heaps keep alive (server/src/metrics/live-heap.ts), summed over its processes. */
export interface LiveHeapReading {
  /** MB in use after each process's last full collection; null until every process has had one. */
  readonly mb: number | null;
  readonly fullCollections: number;
}

/** The worst event-loop stall seen over some stretch of the run, and how many looks found one over STALL_MS. */
export interface Stalls {
  worstMs: number;
  over50: number;
  looks: number;
}

/**
 * Watches the game server from outside while the load runs: every few seconds it asks each of its processes
 * (every port they listen on, so with WORKERS=N each worker answers for itself) for the longest event-loop
 * stall since the last look, and reads their CPU from /proc when they run on this box.
 */
export class ServerWatch {
  readonly pids: number[];
  private readonly urls: string[];
  private timer: NodeJS.Timeout | null = null;
  stalls: Stalls = { worstMs: 0, over50: 0, looks: 0 };
  lastRssMb: number | null = null;
  lastLiveHeap: LiveHeapReading = { mb: null, fullCollections: 0 };

  constructor(url: string, port: number) {
    this.pids = serverProcesses(port);
    // With WORKERS=N the shared port answers for whichever worker takes the request: each worker's own port
    // answers for that one.
    const own = listeningPorts(this.pids).filter((p) => p !== port);
    const { protocol, hostname } = new URL(url);
    this.urls = own.length > 1 ? own.map((p) => `${protocol}//${hostname}:${p}`) : [url];
  }

  usage(): Usage | null {
    return usageOf(this.pids);
  }

  /** Starts looking every `everyMs`; `stalls` is where the looks are counted from now on (swap it per phase). */
  start(everyMs = 5_000): void {
    this.timer = setInterval(() => void this.look(), everyMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Every process's broadcast buckets summed (null when none answered /metrics). */
  async broadcastBuckets(): Promise<BroadcastBuckets | null> {
    const texts = await Promise.all(this.urls.map(metricsText));
    const answered = texts.filter((t): t is string => t !== null);
    if (answered.length === 0) return null;
    return readBroadcastBuckets(answered.join("\n"));
  }

  private async look(): Promise<void> {
    const answers = await Promise.all(this.urls.map(health));
    const stalls = this.stalls;
    let rss = 0;
    let live: number | null = 0;
    let fullCollections = 0;
    let any = false;
    for (const h of answers) {
      if (!h) continue;
      const maxMs = h.loop?.maxMs ?? 0;
      stalls.worstMs = Math.max(stalls.worstMs, maxMs);
      if (maxMs > STALL_MS) stalls.over50++;
      stalls.looks++;
      rss += h.memory?.rssMb ?? 0;
      const liveMb = h.memory?.liveHeapMb;
      live = live === null || liveMb === undefined || liveMb === null ? null : live + liveMb;
      fullCollections += h.memory?.fullCollections ?? 0;
      any = true;
    }
    if (any) {
      this.lastRssMb = rss;
      this.lastLiveHeap = { mb: live === null ? null : round(live), fullCollections };
    }
  }
}

/**
 * How many strokes each process has broadcast within each bound so far, summed over the processes: the
 * cumulative buckets of its `habibka_shot_broadcast_seconds` histogram (GET /metrics, served to this
 * machine), by bound in seconds. Null when no process answered.
 */
export type BroadcastBuckets = ReadonlyMap<number, number>;

const BUCKET_LINE = /^habibka_shot_broadcast_seconds_bucket\{le="([^"]+)"\} (\d+)/;

export function readBroadcastBuckets(exposition: string): Map<number, number> {
  const buckets = new Map<number, number>();
  for (const line of exposition.split("\n")) {
    const match = BUCKET_LINE.exec(line);
    if (!match) continue;
    const bound = match[1] === "+Inf" ? Number.POSITIVE_INFINITY : Number(match[1]);
    buckets.set(bound, (buckets.get(bound) ?? 0) + Number(match[2]));
  }
  return buckets;
}

/**
 * The server's own view of the strokes broadcast between two readings: how many, the share within 25 ms and
 * within 100 ms, and the bucket bound the 99th percentile falls under. Measured from the message read to the
 * broadcast written, it leaves out the network and the load generator's own delays.
 */
export function broadcastsBetween(before: BroadcastBuckets, after: BroadcastBuckets) {
  const count = (bound: number) => (after.get(bound) ?? 0) - (before.get(bound) ?? 0);
  const all = count(Number.POSITIVE_INFINITY);
  const share = (bound: number) => (all > 0 ? Math.round((count(bound) / all) * 1000) / 10 : null);
  const bounds = [...after.keys()].sort((a, b) => a - b);
  const p99 = bounds.find((bound) => count(bound) >= all * 0.99);
  return {
    strokes: all,
    percentWithin25Ms: share(0.025),
    percentWithin100Ms: share(0.1),
    p99AtMostMs: all > 0 && p99 !== undefined ? p99 * 1000 : null,
  };
}

async function health(url: string): Promise<Health | null> {
  try {
    const answer = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });
    return (await answer.json()) as Health;
  } catch {
    return null;
  }
}

async function metricsText(url: string): Promise<string | null> {
  try {
    const answer = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(5_000) });
    return answer.ok ? await answer.text() : null;
  } catch {
    return null;
  }
}

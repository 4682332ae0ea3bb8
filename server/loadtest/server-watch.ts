import { listeningPorts, serverProcesses, type Usage, usageOf } from "./server-usage.ts";

/** A stall of the event loop longer than this is counted (the goal: none at the load a process is sized for). */
const STALL_MS = 50;

interface Health {
  readonly loop?: { readonly maxMs: number; readonly p99Ms: number };
  readonly memory?: { readonly rssMb: number };
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

  private async look(): Promise<void> {
    const answers = await Promise.all(this.urls.map(health));
    const stalls = this.stalls;
    let rss = 0;
    let any = false;
    for (const h of answers) {
      if (!h) continue;
      const maxMs = h.loop?.maxMs ?? 0;
      stalls.worstMs = Math.max(stalls.worstMs, maxMs);
      if (maxMs > STALL_MS) stalls.over50++;
      stalls.looks++;
      rss += h.memory?.rssMb ?? 0;
      any = true;
    }
    if (any) this.lastRssMb = rss;
  }
}

async function health(url: string): Promise<Health | null> {
  try {
    const answer = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });
    return (await answer.json()) as Health;
  } catch {
    return null;
  }
}

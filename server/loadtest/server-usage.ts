import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/**
 * What the game server and the box pay, when the server runs on this box: read from /proc for the processes
 * listening on the server's port and every process they started (WORKERS=N), thread by thread, so that the
 * figure counts the event loop, the physics and database threads, V8's helpers and libuv's pool alike.
 */
export interface Usage {
  /** Seconds of CPU (user + system) so far, all the processes and all their threads together. */
  readonly cpuSeconds: number;
  /** The same, split by what the threads are (their names: `MainThread`, `WorkerThread`, `V8Worker`…). */
  readonly byThread: Readonly<Record<ThreadKind, number>>;
  readonly rssMb: number;
}

export type ThreadKind = "event loops" | "worker threads" | "V8 helpers" | "other";

/** The kernel's clock ticks a second (USER_HZ), which /proc's times are counted in. */
const TICKS_PER_SECOND = 100;

/** The ids of the processes listening on `port` and their descendants, or [] when none runs here. */
export function serverProcesses(port: number): number[] {
  try {
    const out = execFileSync("ss", ["-Hltnp", `sport = :${port}`], { encoding: "utf8" });
    const pids = new Set([...out.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1])));
    const queue = [...pids];
    while (queue.length > 0) {
      for (const child of childrenOf(queue.pop()!)) {
        if (pids.has(child)) continue;
        pids.add(child);
        queue.push(child);
      }
    }
    return [...pids];
  } catch {
    return [];
  }
}

/** The TCP ports those processes listen on: each game process answers `/healthz` for itself on its own. */
export function listeningPorts(pids: readonly number[]): number[] {
  try {
    const out = execFileSync("ss", ["-Hltnp"], { encoding: "utf8" });
    const ports = new Set<number>();
    for (const line of out.split("\n")) {
      const pid = /pid=(\d+)/.exec(line)?.[1];
      const port = /:(\d+)\s/.exec(line)?.[1];
      if (pid && port && pids.includes(Number(pid))) ports.add(Number(port));
    }
    return [...ports];
  } catch {
    return [];
  }
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const task of tasksOf(pid)) {
    try {
      const listed = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      if (listed) children.push(...listed.split(/\s+/).map(Number));
    } catch {
      // the thread is gone
    }
  }
  return children;
}

function tasksOf(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
}

/** User plus system ticks of a /proc stat line (fields 14 and 15, counted after the command's parenthesis). */
function ticksOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

function kindOf(name: string): ThreadKind {
  if (name === "MainThread" || name === "node") return "event loops";
  if (name === "WorkerThread") return "worker threads";
  if (name.startsWith("V8") || name === "DelayedTaskSche") return "V8 helpers";
  return "other";
}

export function usageOf(pids: readonly number[]): Usage | null {
  let ticks = 0;
  let rssKb = 0;
  const byThread: Record<ThreadKind, number> = { "event loops": 0, "worker threads": 0, "V8 helpers": 0, other: 0 };
  let found = false;
  for (const pid of pids) {
    try {
      // The process's own line counts its threads that have already ended too.
      ticks += ticksOf(readFileSync(`/proc/${pid}/stat`, "utf8"));
      rssKb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
      found = true;
    } catch {
      continue; // the process is gone
    }
    for (const task of tasksOf(pid)) {
      try {
        const name = readFileSync(`/proc/${pid}/task/${task}/comm`, "utf8").trim();
        byThread[kindOf(name)] += ticksOf(readFileSync(`/proc/${pid}/task/${task}/stat`, "utf8")) / TICKS_PER_SECOND;
      } catch {
        // the thread is gone
      }
    }
  }
  return found ? { cpuSeconds: ticks / TICKS_PER_SECOND, byThread, rssMb: rssKb / 1024 } : null;
}

/** The whole box's busy and total CPU seconds so far (all cores), from /proc/stat. */
export function boxUsage(): { readonly busySeconds: number; readonly totalSeconds: number } | null {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
    const busy = user! + nice! + system! + irq! + softirq! + steal!;
    return { busySeconds: busy / TICKS_PER_SECOND, totalSeconds: (busy + idle! + iowait!) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/**
 * Connections the box's kernel turned away so far because a listening socket's queue of connections not yet
 * accepted was full (TcpExt ListenOverflows, every listener of the box's network namespace), or null where
 * /proc/net/netstat does not say. Such a client's SYN is dropped and sent again only after 1, 3, 7 s: in the
 * report it shows as joins that failed or whose seat reservation expired, not as the server's latency.
 */
export function listenOverflows(): number | null {
  try {
    return listenOverflowsIn(readFileSync("/proc/net/netstat", "utf8"));
  } catch {
    return null;
  }
}

/** ListenOverflows read from the text of /proc/net/netstat: a line of the TcpExt counters' names, then one of their values. */
export function listenOverflowsIn(netstat: string): number | null {
  const [names, values] = netstat
    .split("\n")
    .filter((line) => line.startsWith("TcpExt:"))
    .map((line) => line.trim().split(/\s+/));
  const at = names?.indexOf("ListenOverflows") ?? -1;
  const value = at > 0 ? Number(values?.[at]) : Number.NaN;
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** The box's load average over the last minute, as `uptime` shows it. */
export function loadAverage(): number | null {
  try {
    return Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
  } catch {
    return null;
  }
}

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * The game server's CPU and memory, when it runs on this box: read from /proc for its process (and the
 * processes it started, for WORKERS=N), found by the port it listens on.
 */
export interface Usage {
  /** Seconds of CPU (user + system) so far, all processes together. */
  readonly cpuSeconds: number;
  readonly rssMb: number;
}

const TICKS_PER_SECOND = 100;

/** The ids of the processes listening on `port` and their children, or [] when none runs here. */
export function serverProcesses(port: number): number[] {
  try {
    const out = execFileSync("ss", ["-Hltnp", `sport = :${port}`], { encoding: "utf8" });
    const pids = new Set([...out.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1])));
    for (const pid of [...pids]) {
      for (const child of childrenOf(pid)) pids.add(child);
    }
    return [...pids];
  } catch {
    return [];
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

export function usageOf(pids: readonly number[]): Usage | null {
  let ticks = 0;
  let rssKb = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      rssKb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      // the process is gone
    }
  }
  return pids.length === 0 ? null : { cpuSeconds: ticks / TICKS_PER_SECOND, rssMb: rssKb / 1024 };
}

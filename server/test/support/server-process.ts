import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export interface ServerProcess {
  readonly url: string;
  readonly port: number;
  /** The process's id (its children, such as an analysis process, name it as their parent). */
  readonly pid: number;
  /** Resolves with the exit code (null when killed by a signal) once the process is gone. */
  readonly exited: Promise<number | null>;
  /** What the process wrote to standard error so far (it is also passed on to the test's own). */
  errors(): string;
  /** Sends the signal; resolves once the process has exited. */
  stop(signal: "SIGTERM" | "SIGKILL"): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * The real game server as `pnpm start` runs it (`node server/src/main.ts`), on a loopback port, with the
 * given environment; resolves once `/healthz` answers. Every wait is bounded.
 */
export async function startServerProcess(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const chosen = port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, ["server/src/main.ts"], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(chosen),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      CLIENT_DIST: "/nonexistent",
      ...env,
    },
    stdio: ["ignore", "inherit", "pipe"],
  });
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
    process.stderr.write(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`game server exited early with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("game server did not answer /healthz within 60 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    port: chosen,
    pid: child.pid ?? -1,
    exited,
    errors: () => errors,
    stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const force = setTimeout(() => child.kill("SIGKILL"), 35_000);
      return exited.finally(() => clearTimeout(force));
    },
  };
}

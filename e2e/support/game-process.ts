import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface GameProcessOptions {
  /** The port to listen on; by default E2E_PORT or a free port. */
  readonly port?: number;
  /** The SQLite file of match records; by default a new file in a temporary directory. */
  readonly databasePath?: string;
}

export interface GameProcess {
  readonly url: string;
  readonly port: number;
  readonly databasePath: string;
  /**
   * Stops the process and resolves once it has exited: SIGTERM (the default) as a redeploy does, SIGKILL
   * as a crash does. A process that ignores SIGTERM is killed after 5 s.
   */
  stop(signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
}

/** A port free on this machine now. */
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
 * Starts the real game server as `pnpm start` does after its build step (`node server/src/main.ts`) and
 * waits for /healthz. The client must have been built (`pnpm build`). Started again with the same port and
 * database file, it is the next process of a deploy: it reopens the unfinished tables the last one left.
 */
export async function startGameProcess(options: GameProcessOptions = {}): Promise<GameProcess> {
  if (!existsSync(`${REPO_ROOT}client/dist/index.html`)) {
    throw new Error("client/dist is missing: run `pnpm build` first (pnpm test does it)");
  }
  const port = options.port ?? (Number(process.env.E2E_PORT) || (await freePort()));
  // Each test file's server keeps its own records, so no file reopens the tables another left unfinished.
  const databasePath = options.databasePath ?? join(mkdtempSync(join(tmpdir(), "habibka-e2e-")), "records.sqlite");
  const child: ChildProcess = spawn(process.execPath, ["server/src/main.ts"], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATABASE_PATH: databasePath,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`game server exited early with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("game server did not answer /healthz within 20 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    databasePath,
    stop: (signal = "SIGTERM") => {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      child.kill(signal);
      const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
      return exited.finally(() => clearTimeout(force));
    },
  };
}

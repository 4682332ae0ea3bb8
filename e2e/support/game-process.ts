import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, startServerProcess } from "@habibka/server/testing/server-process";

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
   * as a crash does. A process that ignores SIGTERM is killed in the end (see `startServerProcess`).
   */
  stop(signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
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
  // The client's build is served as `pnpm start` serves it, from the place it is built to.
  const started = await startServerProcess(
    { DATABASE_PATH: databasePath, CLIENT_DIST: `${REPO_ROOT}client/dist` },
    port,
  );
  const url = `http://localhost:${port}`;
  return {
    url,
    port,
    databasePath,
    stop: async (signal = "SIGTERM") => {
      await started.stop(signal);
    },
  };
}

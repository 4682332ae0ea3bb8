import cluster from "node:cluster";
import type { ServerConfig } from "./config.ts";
import { databaseName, openDatabase } from "./records/database.ts";

/**
 * WORKERS=N on one box: one game process per core, each a full game server over the shared Redis. The
 * first process only starts and watches the others (a worker that dies is started again). Every worker
 * serves HTTP and matchmaking on the shared PORT (the operating system spreads the connections), and its own
 * tables on PORT+1+index, which its PUBLIC_ADDRESS names so that Colyseus sends each client to the process
 * that has its table. The first process brings the records' schema up to date before any worker opens them:
 * workers migrating one SQLite file at once would race on the migrations' own table.
 */

/** In the first process, starts and watches the workers and resolves true; in a worker, resolves false. */
export async function runWorkers(config: ServerConfig): Promise<boolean> {
  if (cluster.isWorker) return false;
  try {
    const { db } = await openDatabase(config.database);
    await db.destroy();
  } catch (cause) {
    throw new Error(
      `could not open the match records in ${databaseName(config.database)}: ${(cause as Error).message}`,
    );
  }
  let stopping = false;
  const indexOf = new Map<number, number>();
  const fork = (index: number) => {
    const worker = cluster.fork({ WORKER_INDEX: String(index) });
    indexOf.set(worker.id, index);
  };
  for (let index = 0; index < config.workers; index++) fork(index);
  cluster.on("exit", (worker, code, signal) => {
    const index = indexOf.get(worker.id);
    indexOf.delete(worker.id);
    if (stopping || index === undefined) return;
    process.stderr.write(`habibka-server: worker ${index} stopped (${signal ?? code}); starting it again\n`);
    fork(index);
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    const check = setInterval(() => {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        clearInterval(check);
        process.exit(0);
      }
    }, 100);
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
  return true;
}

/** A worker's own part of the configuration: its port and the address that names it. */
export function workerConfig(config: ServerConfig): ServerConfig & { readonly sharedPort?: number } {
  if (!cluster.isWorker) return config;
  const index = Number(process.env.WORKER_INDEX ?? 0);
  const port = config.port + 1 + index;
  const host = config.publicAddress ?? "localhost";
  return { ...config, port, publicAddress: `${host}:${port}`, sharedPort: config.port };
}

import { readConfig } from "./config.ts";
import { createGameServer } from "./game-server.ts";
import { createLogger } from "./logger.ts";
import { runWorkers, workerConfig } from "./workers.ts";

/**
 * Entry point: `node server/src/main.ts`. A configuration that is wrong, or a database or Redis that cannot
 * be reached, ends start-up with one line and exit status 1. Colyseus handles SIGINT/SIGTERM itself: it
 * stops taking players, closes every table with "come back" (4100) and exits; we only log the phases.
 */
async function main(): Promise<void> {
  const read = readConfig();
  if (read.workers > 1 && (await runWorkers(read))) return;
  const config = workerConfig(read);
  const logger = createLogger(config.logLevel);
  const { server, listen } = await createGameServer(config, logger, {
    ...(config.sharedPort ? { sharedPort: config.sharedPort } : {}),
  });
  server.onBeforeShutdown(() => logger.info("shutdown requested: telling every table to come back"));
  server.onShutdown(() => logger.info("shutdown complete"));
  const port = await listen();
  logger.info(
    {
      port,
      host: config.host,
      database: config.database.kind,
      redis: Boolean(config.redisUrl),
      physicsEngine: config.physicsEngine,
    },
    `Habibka Online listening on http://localhost:${port} (physics engine: ${config.physicsEngine})`,
  );
}

main().catch((cause: unknown) => {
  process.stderr.write(`habibka-server: ${(cause as Error).message ?? String(cause)}\n`);
  process.exit(1);
});

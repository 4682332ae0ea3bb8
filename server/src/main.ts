import { readConfig } from "./config.ts";
import { createGameServer } from "./game-server.ts";
import { createLogger } from "./logger.ts";

// Entry point: `node server/src/main.ts`. Colyseus handles SIGINT/SIGTERM itself: it stops accepting
// players, disconnects rooms cleanly and then exits; we only log the phases.
const config = readConfig();
const logger = createLogger(config.logLevel);
const { server, listen } = await createGameServer(config, logger);
server.onBeforeShutdown(() => logger.info("shutdown requested: closing rooms"));
server.onShutdown(() => logger.info("shutdown complete"));
const port = await listen();
logger.info({ port, host: config.host }, `Habibka Online listening on http://localhost:${port}`);

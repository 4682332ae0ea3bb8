import type { Server } from "@colyseus/core";
import { createGameServer, type GameServerOptions } from "../../src/game-server.ts";
import { createLogger } from "../../src/logger.ts";

export interface RunningServer {
  readonly port: number;
  readonly httpUrl: string;
  readonly server: Server;
  stop(): Promise<void>;
}

/** Starts the real game server on a free loopback port, quiet, for tests over real WebSockets. */
export async function startTestServer(options: GameServerOptions = {}): Promise<RunningServer> {
  const game = createGameServer(
    { port: 0, host: "127.0.0.1", logLevel: "silent", clientDist: "/nonexistent", databasePath: ":memory:" },
    createLogger("silent"),
    options,
  );
  const port = await game.listen();
  return {
    port,
    httpUrl: `http://127.0.0.1:${port}`,
    server: game.server,
    stop: () => game.server.gracefullyShutdown(false),
  };
}

/** Resolves when `predicate` holds, polling; fails after `timeoutMs` with the description. */
export async function eventually(predicate: () => boolean, description: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${description}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

import { Server } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import type { ServerConfig } from "./config.ts";
import { mountClientFiles } from "./http/client-files.ts";
import { createHealthHandler } from "./http/health.ts";
import type { Logger } from "./logger.ts";
import { HabibkaRoom } from "./rooms/habibka-room.ts";

export const ROOM_NAME = "habibka";

export interface GameServer {
  readonly server: Server;
  /** Starts listening; resolves with the bound port (useful when the config asks for port 0). */
  listen(): Promise<number>;
}

/**
 * Builds the game server: Colyseus over WebSockets plus the HTTP routes, with in-memory presence and
 * driver (the defaults). Nothing here is process-global, so Redis presence can be swapped in later.
 */
export function createGameServer(config: ServerConfig, logger: Logger): GameServer {
  const startedAt = Date.now();
  const transport = new WebSocketTransport({ pingInterval: 10_000 });
  const server = new Server({
    transport,
    greet: false,
    logger,
    express: (app) => {
      app.get("/healthz", createHealthHandler(startedAt));
      mountClientFiles(app, config.clientDist);
    },
  });
  server.define(ROOM_NAME, HabibkaRoom);
  return {
    server,
    async listen() {
      await server.listen(config.port, config.host);
      const address = transport.server?.address();
      return typeof address === "object" && address ? address.port : config.port;
    },
  };
}

import { LobbyRoom, matchMaker, Server } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import type { ServerConfig } from "./config.ts";
import { mountClientFiles } from "./http/client-files.ts";
import { createHealthHandler } from "./http/health.ts";
import { createMatchesApi } from "./http/matches-api.ts";
import type { Logger } from "./logger.ts";
import { MatchRecords } from "./records/match-records.ts";
import { createHabibkaRoom } from "./rooms/habibka-room.ts";

export const ROOM_NAME = "habibka";
export const LOBBY_NAME = "lobby";
/** Largest WebSocket frame a client may send; every protocol message is far smaller. */
const MAX_FRAME_BYTES = 16 * 1024;

/**
 * The lobby lives as long as the server: clients `join("lobby")` (docs/PROTOCOL.md), which only joins an
 * existing room, so the lobby is created at start and never disposed when its last watcher leaves.
 */
class PersistentLobby extends LobbyRoom {
  override autoDispose = false;
}

export interface GameServer {
  readonly server: Server;
  readonly records: MatchRecords;
  /** Starts listening; resolves with the bound port (useful when the config asks for port 0). */
  listen(): Promise<number>;
}

export interface GameServerOptions {
  /** Seeds each match's randomness; tests fix it, production draws it. */
  readonly seed?: () => number;
  /** See RoomServices.animationScale. */
  readonly animationScale?: number;
  /** See RoomServices.clockScale. */
  readonly clockScale?: number;
}

/**
 * Builds the game server: Colyseus over WebSockets plus the HTTP routes, with in-memory presence and
 * driver (the defaults). Rooms get their services injected (no process-global state), so Redis presence
 * and driver can spread them over processes by configuration alone.
 */
export function createGameServer(config: ServerConfig, logger: Logger, options: GameServerOptions = {}): GameServer {
  const startedAt = Date.now();
  const records = new MatchRecords(config.databasePath);
  const transport = new WebSocketTransport({ pingInterval: 10_000, maxPayload: MAX_FRAME_BYTES });
  const server = new Server({
    transport,
    greet: false,
    logger,
    express: (app) => {
      app.get("/healthz", createHealthHandler(startedAt));
      app.use("/api/matches", createMatchesApi(records));
      mountClientFiles(app, config.clientDist);
    },
  });
  server.define(LOBBY_NAME, PersistentLobby);
  server.define(ROOM_NAME, createHabibkaRoom({ records, logger, ...options })).enableRealtimeListing();
  server.onShutdown(() => records.close());
  return {
    server,
    records,
    async listen() {
      await server.listen(config.port, config.host);
      await matchMaker.createRoom(LOBBY_NAME, {});
      const address = transport.server?.address();
      return typeof address === "object" && address ? address.port : config.port;
    },
  };
}

import { LobbyRoom, matchMaker, Server } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import type { ServerConfig } from "./config.ts";
import { mountClientFiles } from "./http/client-files.ts";
import { mountErrorHandlers } from "./http/errors.ts";
import { installFrontDoor } from "./http/front-door.ts";
import { createHealthHandler } from "./http/health.ts";
import { createMatchesApi } from "./http/matches-api.ts";
import { colyseusLogger, type Logger } from "./logger.ts";
import { createAddressLimits, DEFAULT_RATE_LIMITS, type RateLimitSettings } from "./rate-limits.ts";
import { MatchRecords } from "./records/match-records.ts";
import { type RestoreReport, restoreTables } from "./records/restore.ts";
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
  /** What start-up brought back from the records (after `listen`). */
  restored(): RestoreReport;
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
  /** Every rate limit (rate-limits.ts); tests that open many tables from one address raise them. */
  readonly rateLimits?: RateLimitSettings;
}

/**
 * Builds the game server: Colyseus over WebSockets plus the HTTP routes, with in-memory presence and
 * driver (the defaults). Rooms get their services injected (no process-global state), so Redis presence
 * and driver can spread them over processes by configuration alone. Rejects when the match records
 * cannot be opened.
 */
export async function createGameServer(
  config: ServerConfig,
  logger: Logger,
  options: GameServerOptions = {},
): Promise<GameServer> {
  const startedAt = Date.now();
  const records = await MatchRecords.open({ path: config.databasePath });
  let restore: RestoreReport = { restored: 0, failed: [] };
  const rateLimits = options.rateLimits ?? DEFAULT_RATE_LIMITS;
  const limits = createAddressLimits(rateLimits.address);
  const transport = new WebSocketTransport({ pingInterval: 10_000, maxPayload: MAX_FRAME_BYTES });
  const server = new Server({
    transport,
    greet: false,
    logger: colyseusLogger(logger),
    express: (app) => {
      app.disable("x-powered-by");
      app.get("/healthz", createHealthHandler({ startedAt, records, restored: () => restore }));
      app.use("/api/matches", createMatchesApi(records));
      mountClientFiles(app, config.clientDist);
      mountErrorHandlers(app, logger);
    },
  });
  server.define(LOBBY_NAME, PersistentLobby);
  server
    .define(ROOM_NAME, createHabibkaRoom({ records, logger, limits, messageRates: rateLimits.message, ...options }))
    .enableRealtimeListing();
  server.onShutdown(() => records.close());
  return {
    server,
    records,
    restored: () => restore,
    async listen() {
      await server.listen(config.port, config.host);
      installFrontDoor(transport.server!, { limits, logger, trustProxy: config.trustProxy });
      await matchMaker.createRoom(LOBBY_NAME, {});
      restore = await restoreTables(records, ROOM_NAME, logger);
      const address = transport.server?.address();
      return typeof address === "object" && address ? address.port : config.port;
    },
  };
}

import type { Server as HttpServer } from "node:http";
import { availableParallelism } from "node:os";
import { matchMaker, type Presence, Server } from "@colyseus/core";
import { RedisPresence } from "@colyseus/redis-presence";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { Redis } from "ioredis";
import { siteOrigin } from "./accounts/account-http.ts";
import { Accounts } from "./accounts/accounts.ts";
import { createAccountsRouter } from "./accounts/accounts-router.ts";
import { AnalysisRunner } from "./analysis/analysis-runner.ts";
import { MatchAnalyses } from "./analysis/match-analyses.ts";
import { DecidePool, type DecidePoolOptions } from "./computer/decide-pool.ts";
import type { ServerConfig } from "./config.ts";
import { mountClientFiles } from "./http/client-files.ts";
import { mountErrorHandlers } from "./http/errors.ts";
import { installFrontDoor } from "./http/front-door.ts";
import { createHealthHandler } from "./http/health.ts";
import { createHttpServer, HTTP_TIMEOUTS, type HttpTimeouts } from "./http/http-server.ts";
import { mountMatchPages, ShotPictures } from "./http/match-pages.ts";
import { MatchViews } from "./http/match-views.ts";
import { createMatchesApi } from "./http/matches-api.ts";
import { createPracticeApi } from "./http/practice-api.ts";
import { createTablesApi } from "./http/tables-api.ts";
import { colyseusLogger, type Logger } from "./logger.ts";
import { GameMetrics } from "./metrics/game-metrics.ts";
import { watchLiveHeap } from "./metrics/live-heap.ts";
import { createMetricsHandler } from "./metrics/metrics-route.ts";
import { createOfflineMatchesApi } from "./offline-matches/offline-matches-api.ts";
import { OfflineVerifier } from "./offline-matches/offline-verifier.ts";
import { countingQueue, createPhysicsPool, type ShotPhysics } from "./physics/physics-pool.ts";
import {
  type AnalysisLimits,
  createAccountLimits,
  createAddressLimits,
  DEFAULT_ANALYSIS_LIMITS,
  DEFAULT_RATE_LIMITS,
  type PictureLimits,
  PRACTICE_SHOTS_AT_ONCE,
  type RateLimitSettings,
} from "./rate-limits.ts";
import { databaseName } from "./records/database.ts";
import { MatchRecords } from "./records/match-records.ts";
import { type RestoreReport, TableRestorer } from "./records/restore.ts";
import { DEFAULT_LEASE_TIMINGS, type LeaseTimings, TableLeases } from "./records/table-leases.ts";
import { createHabibkaRoom } from "./rooms/habibka-room.ts";
import { IndexedLocalDriver, IndexedRedisDriver } from "./rooms/room-drivers.ts";
import { listTablesInLobby, TableLobby } from "./rooms/table-lobby.ts";
import { INVITED_OPTION } from "./table/invited-seats.ts";
import { WaitingTables } from "./table/waiting-tables.ts";
import { startHeartbeat } from "./transport/heartbeat.ts";
import { watchLateSockets } from "./transport/late-sockets.ts";
import { socketServerOf } from "./transport/socket-server.ts";
import { batchWrites } from "./transport/write-batching.ts";

const ROOM_NAME = "habibka";
const LOBBY_NAME = "lobby";
/** Largest WebSocket frame a client may send; every protocol message is far smaller. */
const MAX_FRAME_BYTES = 16 * 1024;
/**
 * Connections the kernel holds for the process to accept. Node's default, 511, overflows when a burst of
 * joins meets a busy event loop (each join is an HTTP request and a WebSocket): the kernel then drops the
 * new connection's SYN, and the client tries again only after 1, 3, 7 s, long enough for a seat reservation
 * to expire. Linux caps it at net.core.somaxconn (4096 by default since 5.4).
 */
const LISTEN_BACKLOG = 4096;
/** How long start-up waits for Redis to answer before it gives up with one line. */
const REDIS_ANSWER_MS = 5_000;

export interface GameServer {
  readonly server: Server;
  readonly records: MatchRecords;
  readonly accounts: Accounts;
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
  /** See RoomServices.thinkScale. */
  readonly thinkScale?: number;
  /** See RoomServices.abandonScale. */
  readonly abandonScale?: number;
  /** The computer's decision pool (decide-pool.ts); tests pass a short timeout or a faulty worker. */
  readonly decidePool?: DecidePoolOptions;
  /** Every rate limit (rate-limits.ts); tests that open many tables from one address raise them. */
  readonly rateLimits?: RateLimitSettings;
  /** How long a table's lease runs and how often it is renewed (tests of a takeover shorten them). */
  readonly leaseTimings?: LeaseTimings;
  /** A port this process shares with the other workers of its box for HTTP and matchmaking (workers.ts). */
  readonly sharedPort?: number;
  /** Where shots are simulated; default one worker thread beside the event loop. */
  readonly physics?: ShotPhysics;
  /** Practice jobs at once in the process (practice-api.ts); tests of the 503 lower them. */
  readonly practice?: { readonly shotsAtOnce?: number; readonly hintsAtOnce?: number };
  /** The analyses computed at once and waiting, and their leases (server/src/analysis/); tests shorten them. */
  readonly analysisLimits?: AnalysisLimits;
  /** The analysis process's script (analysis-runner.ts); tests of a failure pass a stand-in. */
  readonly analysisProcess?: URL;
  /** How many shot pictures are drawn at once, wait, and are kept (match-pages.ts). */
  readonly pictureLimits?: PictureLimits;
  /** How long a request's headers and body may take to arrive (http-server.ts); tests of a stall shorten them. */
  readonly httpTimeouts?: HttpTimeouts;
}

/**
 * Redis as Colyseus's presence, once a connection of its own has had an answer: Colyseus's clients retry a
 * missing server for ever, logging every attempt. Rejects with the one line to show otherwise.
 */
async function redisPresence(url: string): Promise<RedisPresence> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: REDIS_ANSWER_MS,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
  });
  let failure: Error | undefined;
  probe.on("error", (error: Error) => {
    failure = error;
  });
  try {
    await probe.connect();
    await probe.ping();
  } catch (cause) {
    throw new Error(`Redis at REDIS_URL did not answer: ${(failure ?? (cause as Error)).message}`);
  } finally {
    probe.disconnect();
  }
  return new RedisPresence(url);
}

/** Answers HTTP on a port shared with the box's other workers exactly as on this process's own port. */
async function shareHttp(
  own: HttpServer,
  port: number,
  host: string,
  logger: Logger,
  timeouts: HttpTimeouts,
): Promise<void> {
  const shared = createHttpServer(logger, timeouts, (req, res) => own.emit("request", req, res));
  await new Promise<void>((resolve, reject) => {
    shared.once("error", reject);
    shared.listen(port, host, LISTEN_BACKLOG, () => resolve());
  });
}

/**
 * Builds the game server: Colyseus over WebSockets plus the HTTP routes. Alone it keeps presence and the
 * room listing in memory; with REDIS_URL it shares them with every other process through Redis, and with
 * DATABASE_URL its match records live in PostgreSQL. Rooms get their services injected (no process-global
 * state). Rejects, with a message fit for one line, when the records or Redis cannot be reached.
 */
export async function createGameServer(
  config: ServerConfig,
  logger: Logger,
  options: GameServerOptions = {},
): Promise<GameServer> {
  const startedAt = Date.now();
  let presence: Presence | undefined;
  if (config.redisUrl) presence = await redisPresence(config.redisUrl);
  let records: MatchRecords;
  try {
    records = await MatchRecords.open(config.database);
  } catch (cause) {
    presence?.shutdown();
    throw new Error(
      `could not open the match records in ${databaseName(config.database)}: ${(cause as Error).message}`,
    );
  }
  const alone = !config.redisUrl;
  const leases = new TableLeases(
    records,
    () => matchMaker.processId,
    logger,
    options.leaseTimings ?? DEFAULT_LEASE_TIMINGS,
  );
  const restorer = new TableRestorer(records, leases, ROOM_NAME, logger);
  const physics = countingQueue(options.physics ?? createPhysicsPool({ threads: 1 }));
  let takeover: NodeJS.Timeout | undefined;
  const rateLimits = options.rateLimits ?? DEFAULT_RATE_LIMITS;
  const limits = createAddressLimits(rateLimits.address);
  const waitingTables = new WaitingTables(() => matchMaker.presence, rateLimits.waitingTables);
  let boundPort = config.port;
  const accounts = new Accounts({
    records,
    presence: () => matchMaker.presence,
    origin: siteOrigin(config.publicOrigin, () => options.sharedPort ?? boundPort),
    limits: createAccountLimits(rateLimits.account),
    logger,
    // An accepted challenge's table: made here, both seats kept for the two accounts (seat 0 the challenger).
    challengeTable: async (challenge) => {
      const room = await matchMaker.createRoom(ROOM_NAME, {
        name: challenge.from.name ?? "Habibka",
        visibility: challenge.rated ? "public" : "private",
        opening: challenge.opening,
        shotClock: challenge.shotClock,
        rated: challenge.rated,
        watch: true,
        [INVITED_OPTION]: [challenge.from.id, challenge.to.id],
      });
      return room.roomId;
    },
  });
  // One pool for every table against the computer in the process: half the box's cores, shared out between its
  // game processes (WORKERS), the rest for the rooms.
  const {
    decidePool,
    practice,
    pictureLimits,
    httpTimeouts = HTTP_TIMEOUTS,
    analysisLimits = DEFAULT_ANALYSIS_LIMITS,
    analysisProcess,
    ...roomOptions
  } = options;
  const views = new MatchViews(records, logger);
  const analyses = new MatchAnalyses({
    records,
    runner: new AnalysisRunner({ ...analysisLimits, ...(analysisProcess ? { processUrl: analysisProcess } : {}) }),
    limits,
    settings: analysisLimits,
    engine: config.physicsEngine,
    logger,
    owner: () => matchMaker.processId,
  });
  const pictures = new ShotPictures(pictureLimits);
  const threads = Math.max(1, Math.floor(availableParallelism() / 2 / config.workers));
  const decisions = new DecidePool({ size: threads, engine: config.physicsEngine, ...decidePool });
  const offlineMatches = new OfflineVerifier(config.physicsEngine);
  // The liveness ping is ours (heartbeat.ts), spread over its interval instead of all sockets at once.
  const transport = new WebSocketTransport({
    server: createHttpServer(logger, httpTimeouts),
    pingInterval: 0,
    maxPayload: MAX_FRAME_BYTES,
  });
  const sockets = socketServerOf(transport);
  batchWrites(sockets);
  const stopHeartbeat = startHeartbeat(sockets, { intervalMs: 10_000, maxMissed: 2 });
  const liveHeap = watchLiveHeap();
  const metrics = new GameMetrics({
    // Every room but the lobby is a table.
    tables: () => Math.max(0, matchMaker.stats.local.roomCount - 1),
    connections: () => sockets.clients.size,
    physicsQueue: physics.queued,
    liveHeapBytes: liveHeap.bytes,
  });
  records.observeWrites((ms) => metrics.recordWritten(ms));
  watchLateSockets(sockets, () => metrics.joinRefused("reservation-expired"));
  const server = new Server({
    transport,
    greet: false,
    logger: colyseusLogger(logger),
    driver: presence ? new IndexedRedisDriver(config.redisUrl) : new IndexedLocalDriver(),
    ...(presence ? { presence } : {}),
    ...(config.publicAddress ? { publicAddress: config.publicAddress } : {}),
    express: (app) => {
      app.disable("x-powered-by");
      app.get(
        "/healthz",
        createHealthHandler({
          startedAt,
          records,
          restored: () => restorer.report(),
          presence: alone ? "local" : "redis",
          physicsEngine: config.physicsEngine,
          liveHeap,
        }),
      );
      app.get("/metrics", createMetricsHandler(metrics, config.metricsToken));
      // Before the accounts' router: its body limit is the front door's, and an offline match is longer.
      app.use("/api/offline-matches", createOfflineMatchesApi({ accounts, records, verifier: offlineMatches, logger }));
      app.use("/api", createAccountsRouter(accounts, { trustProxy: config.trustProxy }));
      app.use("/api/matches", createMatchesApi(views, analyses));
      app.use("/api/tables", createTablesApi(records));
      app.use(
        "/api/practice",
        createPracticeApi({
          physics,
          decisions,
          engine: config.physicsEngine,
          logger,
          // A few shots may wait on the physics thread; hints take the decision pool's threads, no more.
          shotsAtOnce: practice?.shotsAtOnce ?? PRACTICE_SHOTS_AT_ONCE,
          hintsAtOnce: practice?.hintsAtOnce ?? threads,
        }),
      );
      mountMatchPages(app, { views, pictures, clientDist: config.clientDist, trustProxy: config.trustProxy, logger });
      mountClientFiles(app, config.clientDist);
      mountErrorHandlers(app, logger);
    },
  });
  server.define(LOBBY_NAME, TableLobby);
  const tables = server.define(
    ROOM_NAME,
    createHabibkaRoom({
      accounts,
      records,
      leases,
      logger,
      limits,
      waitingTables,
      decisions,
      messageRates: rateLimits.message,
      physicsEngine: config.physicsEngine,
      physics,
      metrics,
      ...roomOptions,
    }),
  );
  listTablesInLobby(tables);
  server.onShutdown(async () => {
    clearInterval(takeover);
    // First, so that no analysis process outlives this one and its leases are given back at once.
    await analyses.close();
    accounts.stop();
    await physics.close();
    stopHeartbeat();
    liveHeap.stop();
    // Released at once, another process may take the tables now; a lone process takes them all at its next start.
    await leases.stop(true);
    await decisions.close();
    await offlineMatches.close();
    await records.close();
  });
  return {
    server,
    records,
    accounts,
    restored: () => restorer.report(),
    async listen() {
      await server.listen(config.port, config.host, LISTEN_BACKLOG);
      const http = transport.server!;
      const address = http.address();
      if (typeof address === "object" && address) boundPort = address.port;
      installFrontDoor(http, {
        limits,
        waitingTables,
        logger,
        trustProxy: config.trustProxy,
        accounts: {
          accountOf: (req) => accounts.accountOf(req),
          isRatedTable: async (code) => (await matchMaker.query({ roomId: code }))[0]?.metadata?.rated === true,
        },
        refusedJoin: (code) => metrics.joinRefused(code),
      });
      if (options.sharedPort !== undefined)
        await shareHttp(http, options.sharedPort, config.host, logger, httpTimeouts);
      await matchMaker.createRoom(LOBBY_NAME, {});
      await restorer.restore({ all: alone });
      accounts.start();
      if (!alone) {
        // With other processes about, a table whose process stopped is taken by whoever sees its lease run out first.
        let running = false;
        takeover = setInterval(() => {
          if (running) return;
          running = true;
          restorer
            .restore({ all: false })
            .catch((cause: unknown) => logger.error({ err: cause }, "the takeover round failed"))
            .finally(() => {
              running = false;
            });
        }, leases.ttlMs / 2).unref();
      }
      return boundPort;
    },
  };
}

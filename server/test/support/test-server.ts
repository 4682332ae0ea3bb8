import type { Server } from "@colyseus/core";
import type { EngineName } from "@habibka/shared/physics";
import type { Accounts } from "../../src/accounts/accounts.ts";
import { createGameServer, type GameServerOptions } from "../../src/game-server.ts";
import { createLogger, type Logger } from "../../src/logger.ts";
import {
  type AccountAllowances,
  type AddressAllowances,
  DEFAULT_RATE_LIMITS,
  type RateLimitSettings,
} from "../../src/rate-limits.ts";
import type { DatabaseLocation } from "../../src/records/database.ts";

/** Each allowance a hundred times the production one. */
function hundredfold<T extends object>(allowances: T): T {
  return Object.fromEntries(
    Object.entries(allowances).map(([name, allowance]) => [name, { ...allowance, points: allowance.points * 100 }]),
  ) as T;
}

/**
 * The production limits, but with room for one test address to open hundreds of tables, connections and
 * accounts: every test talks from 127.0.0.1. Tests of the limits themselves pass DEFAULT_RATE_LIMITS.
 */
export const TEST_RATE_LIMITS: RateLimitSettings = {
  ...DEFAULT_RATE_LIMITS,
  address: hundredfold<AddressAllowances>(DEFAULT_RATE_LIMITS.address),
  account: hundredfold<AccountAllowances>(DEFAULT_RATE_LIMITS.account),
  waitingTables: DEFAULT_RATE_LIMITS.waitingTables * 100,
};

/** No table limit will get in the way: for tests that send many refused requests from one seat. */
export const UNLIMITED_MESSAGES: RateLimitSettings["message"] = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS.message).map((type) => [type, { burst: 10_000, perSecond: 10_000 }]),
) as unknown as RateLimitSettings["message"];

/**
 * A server on which test players play whole matches quickly: animations and the computer's pauses at a
 * hundredth of real time, and no message rate in the way of players who act as fast as the table lets them.
 */
export const QUICK_PLAY: GameServerOptions = {
  animationScale: 0.01,
  thinkScale: 0.01,
  rateLimits: { ...TEST_RATE_LIMITS, message: UNLIMITED_MESSAGES },
};

export interface RunningServer {
  readonly port: number;
  readonly httpUrl: string;
  readonly server: Server;
  readonly accounts: Accounts;
  stop(): Promise<void>;
}

/** Starts the real game server on a free loopback port, quiet, for tests over real WebSockets. */
export async function startTestServer(
  options: GameServerOptions & {
    readonly databasePath?: string;
    /** Another database than the SQLite file (PostgreSQL for the benchmarks of both). */
    readonly database?: DatabaseLocation;
    readonly physicsEngine?: EngineName;
    /** A folder with the built client's index.html, for tests of the pages served from it. */
    readonly clientDist?: string;
    /** Where the server logs; silent unless a test reads what it writes. */
    readonly logger?: Logger;
    /** Behind a reverse proxy (TRUST_PROXY): its X-Real-IP and X-Forwarded-Proto are believed. */
    readonly trustProxy?: boolean;
    /** METRICS_TOKEN. */
    readonly metricsToken?: string;
  } = {},
): Promise<RunningServer> {
  const {
    databasePath = ":memory:",
    database = { kind: "sqlite", path: databasePath },
    physicsEngine = "exact",
    clientDist = "/nonexistent",
    logger = createLogger("silent"),
    trustProxy = false,
    metricsToken,
    ...gameOptions
  } = options;
  const game = await createGameServer(
    {
      port: 0,
      host: "127.0.0.1",
      logLevel: "silent",
      clientDist,
      database,
      workers: 1,
      trustProxy,
      physicsEngine,
      ...(metricsToken ? { metricsToken } : {}),
    },
    logger,
    { rateLimits: TEST_RATE_LIMITS, ...gameOptions },
  );
  const port = await game.listen();
  return {
    port,
    httpUrl: `http://127.0.0.1:${port}`,
    server: game.server,
    accounts: game.accounts,
    stop: () => game.server.gracefullyShutdown(false),
  };
}

/** Resolves when `predicate` holds, polling; fails after `timeoutMs` with the description. */
export async function eventually(
  predicate: () => boolean | Promise<boolean>,
  description: string | (() => string),
  timeoutMs = 5_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for: ${typeof description === "string" ? description : description()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

import { DEFAULT_ENGINE, ENGINE_NAMES, type EngineName } from "@habibka/shared/physics";
import { z } from "zod";
import type { DatabaseLocation } from "./records/database.ts";

/**
 * Server settings from the environment, all optional, with embedded defaults so that `pnpm start` needs
 * nothing external: one process, in-memory presence and driver, SQLite. An invalid value stops the process
 * with one line naming it (main.ts).
 */
const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(2567),
  HOST: z.string().min(1).default("0.0.0.0"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Built client to serve; empty when the client is served by Vite's dev server instead. */
  CLIENT_DIST: z.string().default(new URL("../../client/dist", import.meta.url).pathname),
  /** The SQLite file of match records (relative to the working directory), or ":memory:". */
  DATABASE_PATH: z.string().min(1).default("data/habibka.sqlite"),
  /** A PostgreSQL server for the match records instead of the SQLite file (several processes share it). */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional(),
  /** A Redis server: Colyseus's presence and driver, so that several processes serve one lobby. */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// URL" }).optional(),
  /** The address clients reach this process at (Colyseus's publicAddress), e.g. `game.example.com/g1`. */
  PUBLIC_ADDRESS: z
    .string()
    .regex(/^[A-Za-z0-9.-]+(:[0-9]+)?(\/[A-Za-z0-9._~-]+)*$/, "must be host[:port][/path], without a scheme")
    .optional(),
  /** One game process per core on this box (WORKERS=2); needs REDIS_URL. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * Set when the server runs behind our reverse proxy: clients' addresses are then read from the header it
   * sets (X-Real-IP). Off, any such header a client sends is ignored.
   */
  TRUST_PROXY: flag.default(false),
  /** The physics engine every table's shots are simulated on (docs/PHYSICS.md, "Two engines, one model"). */
  PHYSICS_ENGINE: z.enum(ENGINE_NAMES).default(DEFAULT_ENGINE),
  /**
   * The site's own origin as players' browsers see it (`https://habibka.example`): every change under /api/
   * must come from it (the Origin header), and passkeys belong to its host name. Default http://localhost:PORT.
   */
  PUBLIC_ORIGIN: z
    .url({ protocol: /^https?$/, error: "must be an http(s):// origin" })
    .refine((url) => new URL(url).origin === url.replace(/\/$/, ""), "must be an origin: scheme, host and port only")
    .optional(),
  /** The bearer token that reads `GET /metrics` from elsewhere than this machine (docs/SECURITY.md). */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
});

export type ServerConfig = {
  readonly port: number;
  readonly host: string;
  readonly logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  readonly clientDist: string;
  readonly database: DatabaseLocation;
  readonly redisUrl?: string;
  readonly publicAddress?: string;
  readonly workers: number;
  readonly trustProxy: boolean;
  readonly physicsEngine: EngineName;
  /** PUBLIC_ORIGIN; absent, the site is http://localhost at the port the server listens on. */
  readonly publicOrigin?: string;
  readonly metricsToken?: string;
};

/** The configuration, or an error whose message is the one line to show the operator. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`invalid environment variable ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const e = parsed.data;
  if (e.WORKERS > 1 && !e.REDIS_URL) {
    throw new Error(`WORKERS=${e.WORKERS} needs REDIS_URL: the processes share their lobby and tables through Redis`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    clientDist: e.CLIENT_DIST,
    database: e.DATABASE_URL ? { kind: "postgres", url: e.DATABASE_URL } : { kind: "sqlite", path: e.DATABASE_PATH },
    ...(e.REDIS_URL ? { redisUrl: e.REDIS_URL } : {}),
    ...(e.PUBLIC_ADDRESS ? { publicAddress: e.PUBLIC_ADDRESS } : {}),
    workers: e.WORKERS,
    trustProxy: e.TRUST_PROXY,
    physicsEngine: e.PHYSICS_ENGINE,
    ...(e.PUBLIC_ORIGIN ? { publicOrigin: new URL(e.PUBLIC_ORIGIN).origin } : {}),
    ...(e.METRICS_TOKEN ? { metricsToken: e.METRICS_TOKEN } : {}),
  };
}

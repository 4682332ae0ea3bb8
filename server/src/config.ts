import { z } from "zod";

/**
 * Server settings from the environment, with embedded defaults so that `pnpm start` needs nothing
 * external (in-memory presence and driver). Invalid values stop the process with a message naming them.
 */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(2567),
  HOST: z.string().min(1).default("0.0.0.0"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Built client to serve; empty when the client is served by Vite's dev server instead. */
  CLIENT_DIST: z.string().default(new URL("../../client/dist", import.meta.url).pathname),
  /** The SQLite file of match records (relative to the working directory), or ":memory:". */
  DATABASE_PATH: z.string().min(1).default("data/habibka.sqlite"),
  /**
   * Set when the server runs behind our reverse proxy: clients' addresses are then read from the header it
   * sets (X-Real-IP). Off, any such header a client sends is ignored.
   */
  TRUST_PROXY: z.enum(["true", "false", "1", "0"]).default("false"),
});

export type ServerConfig = {
  readonly port: number;
  readonly host: string;
  readonly logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  readonly clientDist: string;
  readonly databasePath: string;
  readonly trustProxy: boolean;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`invalid environment variable ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const { PORT, HOST, LOG_LEVEL, CLIENT_DIST, DATABASE_PATH, TRUST_PROXY } = parsed.data;
  return {
    port: PORT,
    host: HOST,
    logLevel: LOG_LEVEL,
    clientDist: CLIENT_DIST,
    databasePath: DATABASE_PATH,
    trustProxy: TRUST_PROXY === "true" || TRUST_PROXY === "1",
  };
}

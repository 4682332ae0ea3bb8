import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./server-process.ts";

/**
 * Real Redis and PostgreSQL servers for the tests of several processes, started by the tests themselves on
 * free loopback ports in temporary folders (Debian's packages; `.ci/run` installs them), and stopped after.
 */

export interface RunningService {
  readonly url: string;
  stop(): Promise<void>;
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} did not start within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
  });
}

export async function startRedis(): Promise<RunningService> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "habibka-redis-"));
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let ready = false;
  child.stdout?.on("data", (chunk: Buffer) => {
    if (chunk.toString().includes("Ready to accept connections")) ready = true;
  });
  await waitFor(() => ready || child.exitCode !== null, "redis-server");
  if (!ready) throw new Error(`redis-server exited with ${child.exitCode}`);
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresBin(): string {
  const root = "/usr/lib/postgresql";
  const version = existsSync(root) ? readdirSync(root).sort().at(-1) : undefined;
  if (!version) throw new Error("PostgreSQL is not installed (apt-get install postgresql)");
  return join(root, version, "bin");
}

/** PostgreSQL refuses to run as root: run its tools as the `postgres` user then. */
function asPostgres(command: string, args: string[]): string[] {
  return process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--", command, ...args] : [command, ...args];
}

export async function startPostgres(): Promise<RunningService> {
  const bin = postgresBin();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "habibka-pg-"));
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  const run = (command: string, args: string[]) => {
    const [file, ...rest] = asPostgres(join(bin, command), args);
    execFileSync(file!, rest, { stdio: "pipe" });
  };
  run("initdb", ["-D", data, "--auth=trust", "--username=habibka", "--encoding=UTF8", "--no-sync"]);
  const [file, ...rest] = asPostgres(join(bin, "postgres"), [
    "-D",
    data,
    "-p",
    String(port),
    "-k",
    dir,
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    "fsync=off",
  ]);
  const child = spawn(file!, rest, { stdio: ["ignore", "ignore", "pipe"] });
  let ready = false;
  child.stderr?.on("data", (chunk: Buffer) => {
    if (chunk.toString().includes("ready to accept connections")) ready = true;
  });
  await waitFor(() => ready || child.exitCode !== null, "PostgreSQL");
  if (!ready) throw new Error(`PostgreSQL exited with ${child.exitCode}`);
  return {
    url: `postgres://habibka@127.0.0.1:${port}/postgres`,
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh, empty database on a running PostgreSQL, for one test's records. */
export async function freshDatabase(postgres: RunningService, name: string): Promise<string> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  return postgres.url.replace(/\/postgres$/, `/${name}`);
}

import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { watchLobby } from "./support/lobby-client.ts";
import { lagShot } from "./support/pottable-shot.ts";
import { playScriptedMatch } from "./support/scripted-match.ts";
import { freePort, type ServerProcess, startServerProcess } from "./support/server-process.ts";
import { freshDatabase, type RunningService, startPostgres, startRedis } from "./support/services.ts";
import { createTable, joinTable, leaveAll, rejoinTable, type TableClient } from "./support/table-client.ts";
import { eventually } from "./support/test-server.ts";

/**
 * Several game processes over one Redis and one PostgreSQL, all real and on loopback: one lobby, any table
 * reachable through any process, codes unique across them, and a table whose process dies taken over by
 * exactly one of the others.
 */

let redis: RunningService;
let postgres: RunningService;
const processes: ServerProcess[] = [];
const clients: TableClient[] = [];

async function gameProcess(databaseUrl: string): Promise<ServerProcess> {
  const port = await freePort();
  const started = await startServerProcess(
    { REDIS_URL: redis.url, DATABASE_URL: databaseUrl, PUBLIC_ADDRESS: `127.0.0.1:${port}` },
    port,
  );
  processes.push(started);
  return started;
}

async function health(server: ServerProcess): Promise<Record<string, unknown>> {
  return (await (await fetch(`${server.url}/healthz`)).json()) as Record<string, unknown>;
}

/** A `create` over HTTP only (no WebSocket), from a chosen loopback address: the table's code. */
function createOverHttp(url: string, from: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(new URL("/matchmake/create/habibka", url), {
      method: "POST",
      localAddress: from,
      headers: { "Content-Type": "application/json" },
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { roomId?: string; error?: string };
        if (body.roomId) resolve(body.roomId);
        else reject(new Error(`create refused (${res.statusCode}): ${JSON.stringify(body)}`));
      });
    });
    req.on("error", reject);
    req.end(JSON.stringify({ name: "Bulk", visibility: "private" }));
  });
}

beforeAll(async () => {
  [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
}, 60_000);

afterAll(async () => {
  await leaveAll(...clients.splice(0));
  await Promise.all(processes.splice(0).map((p) => p.stop("SIGKILL")));
  await Promise.all([redis?.stop(), postgres?.stop()]);
});

describe("several game processes", () => {
  it("serve one lobby, any table through any process, and unique codes across all", async () => {
    const database = await freshDatabase(postgres, "scale_lobby");
    const [one, two] = [await gameProcess(database), await gameProcess(database)];
    expect(await health(one)).toMatchObject({ presence: "redis", database: { kind: "postgres", ok: true } });

    const lobbyOnTwo = await watchLobby(two.url);
    const host = await createTable(one.url, { name: "Anna", visibility: "public" });
    clients.push(host);
    const code = host.room.roomId;
    await eventually(() => lobbyOnTwo.listed.has(code), "the table made on one, in the lobby of two");

    // Joined and watched through the other process: Colyseus sends each to the process that has the table.
    const guest = await joinTable(two.url, code, { name: "Boris" });
    const watcher = await joinTable(two.url, code, { name: "Watcher", watch: true });
    clients.push(guest, watcher);
    await eventually(() => host.state.phase === "lag" && guest.state.phase === "lag", "the match begun");
    host.send("chat", { text: "привет" });
    await eventually(() => watcher.chats.some((c) => c.text === "привет"), "chat across processes");
    const played = await playScriptedMatch([host, guest], { maxShots: 6, skipAnimations: true, waitMs: 20_000 }).catch(
      (error: Error) => (error.message.startsWith("no winner") ? null : Promise.reject(error)),
    );
    expect(played === null || played.played.length > 0).toBe(true);
    // The spectator on the other process saw every shot the players saw.
    await eventually(() => watcher.shots.length === host.shots.length, "every shot at the spectator");
    expect(watcher.shots.map((s) => s.number)).toEqual(host.shots.map((s) => s.number));
    await lobbyOnTwo.leave();

    // Two hundred tables made at once through both processes: never two with one code.
    const codes = await Promise.all(
      Array.from({ length: 200 }, (_, i) => createOverHttp(i % 2 ? one.url : two.url, `127.0.1.${1 + (i % 20)}`)),
    );
    expect(new Set([...codes, code]).size).toBe(201);
  }, 180_000);

  it("restores a table whose process was killed in exactly one of the others, and the match plays on", async () => {
    const database = await freshDatabase(postgres, "scale_takeover");
    const holder = await gameProcess(database);
    const a = await createTable(holder.url, { name: "Anna", visibility: "private" });
    const code = a.room.roomId;
    const b = await joinTable(holder.url, code, { name: "Boris" });
    clients.push(a, b);
    await eventually(() => b.state.phase === "lag", "the lag");
    a.send("lag", lagShot(0, 0.15));
    await eventually(() => b.state.lagSent[0] === true, "the first lag shot");

    // Two others run beside it; one starting now takes nothing that is held.
    const [left, right] = [await gameProcess(database), await gameProcess(database)];
    expect(await health(left)).toMatchObject({ restored: 0 });
    for (const c of [a, b]) c.room.reconnection.enabled = false;
    await holder.stop("SIGKILL");

    const backA = await rejoinTable(left.url, code, { name: "Anna", seatToken: a.welcome().seatToken }, 60_000);
    const backB = await rejoinTable(right.url, code, { name: "Boris", seatToken: b.welcome().seatToken }, 60_000);
    clients.push(backA, backB);
    expect(backA.welcome()).toMatchObject({ role: "player", seat: 0 });
    expect([...backA.state.lagSent]).toEqual([true, false]);
    const [restoredLeft, restoredRight] = [(await health(left)).restored, (await health(right)).restored];
    expect(Number(restoredLeft) + Number(restoredRight)).toBe(1);

    backB.send("lag", lagShot(1, 0.4));
    await eventually(
      () => backA.shots.length > 0 && !backA.state.animating && backA.state.phase === "opening",
      () =>
        `the lag completed (errors ${JSON.stringify([...backA.errors, ...backB.errors])}, phase ${backA.state.phase})`,
      20_000,
    );
    const rest = await playScriptedMatch([backA, backB], { maxShots: 150, skipAnimations: true, waitMs: 20_000 });
    expect(backA.state.phase).toBe("finished");
    expect(rest.played.length).toBeGreaterThan(0);
  }, 240_000);

  it("ends start-up with one line and exit status 1 when Redis or PostgreSQL cannot be reached or is misnamed", async () => {
    const port = await freePort();
    for (const [env, expected] of [
      [{ REDIS_URL: "redis://127.0.0.1:1" }, /^habibka-server: Redis at REDIS_URL did not answer/],
      [
        { DATABASE_URL: "postgres://habibka@127.0.0.1:1/none" },
        /^habibka-server: could not open the match records in PostgreSQL/,
      ],
      [
        { REDIS_URL: "http://example.com" },
        /^habibka-server: invalid environment variable REDIS_URL: must be a redis:\/\/ URL/,
      ],
      [{ WORKERS: "2" }, /^habibka-server: WORKERS=2 needs REDIS_URL/],
    ] as const) {
      const run = spawnSync(process.execPath, ["server/src/main.ts"], {
        cwd: new URL("../../", import.meta.url).pathname,
        env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "silent", ...env },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(run.status, JSON.stringify(env)).toBe(1);
      const lines = run.stderr.trim().split("\n");
      expect(lines, run.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(expected);
    }
  }, 120_000);
});

describe("WORKERS=2: one game process per core on one box", () => {
  it("starts two workers over Redis that share the HTTP port, each with its own tables, and stops them all on SIGTERM", async () => {
    const port = await freePort();
    const databasePath = `${mkdtempSync(join(tmpdir(), "habibka-workers-"))}/records.sqlite`;
    const box = await startServerProcess(
      { WORKERS: "2", REDIS_URL: redis.url, DATABASE_PATH: databasePath, PUBLIC_ADDRESS: "127.0.0.1" },
      port,
    );
    processes.push(box);
    const seen = new Set<string>();
    // A new connection each time (no keep-alive): the operating system spreads connections over the workers.
    const processOf = () =>
      new Promise<string>((resolve, reject) => {
        request(new URL("/healthz", box.url), { agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve(String((JSON.parse(Buffer.concat(chunks).toString()) as { process: string }).process)),
          );
        })
          .on("error", reject)
          .end();
      });
    // The first worker up answers /healthz first; the second joins the shared port when it is ready.
    await eventually(
      async () => {
        seen.add(await processOf());
        return seen.size === 2;
      },
      "both workers answering on the shared port",
      30_000,
    );
    const host = await createTable(box.url, { name: "Anna", visibility: "public" });
    const guest = await joinTable(box.url, host.room.roomId, { name: "Boris" });
    clients.push(host, guest);
    await eventually(
      () => host.state.phase === "lag" && guest.state.phase === "lag",
      "both seated through the shared port",
    );
    // Neither worker failed its start (two workers migrating one SQLite file at once did).
    expect(box.errors()).not.toMatch(/starting it again/);
    expect(await box.stop("SIGTERM")).toBe(0);
  }, 120_000);
});

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findShot, lagShot } from "./support/pottable-shot.ts";
import { playScriptedMatch } from "./support/scripted-match.ts";
import { type ServerProcess, startServerProcess } from "./support/server-process.ts";
import {
  ballsOnTable,
  createTable,
  joinTable,
  leaveAll,
  rejoinTable,
  shelfOf,
  type TableClient,
} from "./support/table-client.ts";
import { eventually } from "./support/test-server.ts";

/**
 * A match in progress survives the loss of its process: killed (SIGKILL) or redeployed (SIGTERM), the next
 * process on the same database reopens the table with its code and settings, folds the match from its
 * record, and both players return to their seats by their tokens and play on to the end.
 */

const processes: ServerProcess[] = [];
const clients: TableClient[] = [];

afterEach(async () => {
  await leaveAll(...clients.splice(0));
  await Promise.all(processes.splice(0).map((p) => p.stop("SIGKILL")));
});

async function start(databasePath: string, port?: number): Promise<ServerProcess> {
  const server = await startServerProcess({ DATABASE_PATH: databasePath }, port);
  processes.push(server);
  return server;
}

/** Everything a player sees of the match, to the last bit of every ball's position. */
function snapshot(client: TableClient) {
  const s = client.state;
  return {
    matchId: s.matchId,
    code: s.code,
    phase: s.phase,
    toMove: s.toMove,
    offer: s.offer,
    shotNumber: s.shotNumber,
    lastBall: s.lastBall,
    winner: s.winner,
    lagSent: [...s.lagSent],
    // A ball off the table has no position worth keeping.
    balls: [...s.balls].map((b) => (b.onTable ? [b.id, b.x, b.y] : [b.id])),
    shelves: [shelfOf(s, 0), shelfOf(s, 1)],
    debts: [s.players.get("0")?.debt, s.players.get("1")?.debt],
    names: [s.players.get("0")?.name, s.players.get("1")?.name],
  };
}

async function recordedShots(url: string, matchId: string): Promise<unknown[]> {
  const record = (await (await fetch(`${url}/api/matches/${matchId}`)).json()) as { shots: unknown[] };
  return record.shots;
}

const mover = (a: TableClient, b: TableClient) => (a.state.toMove === 0 ? a : b);

/** A shot the scripted player would play now. */
function plannedShot(client: TableClient) {
  const s = client.state;
  const seat = s.toMove as 0 | 1;
  const opening = s.phase === "opening";
  const inHandId = opening
    ? ([...Array(15).keys()]
        .map((i) => i + 1)
        .find(
          (id) =>
            ![...s.balls].some((b) => b.id === id && b.onTable) &&
            !shelfOf(s, 0).includes(id) &&
            !shelfOf(s, 1).includes(id),
        ) ?? null)
    : null;
  const planned = findShot({
    balls: ballsOnTable(s),
    shelves: [shelfOf(s, 0), shelfOf(s, 1)],
    debts: [s.players.get("0")?.debt ?? 0, s.players.get("1")?.debt ?? 0],
    seat,
    opening,
    inHand: inHandId,
  });
  return {
    shotNumber: s.shotNumber,
    stroke: planned.stroke,
    call: planned.call,
    ...(planned.place ? { place: planned.place } : {}),
  };
}

/** A stroke so soft that the cue ball touches nothing: a miss (clause 17), which offers the opponent the shot. */
function missShot(client: TableClient) {
  const balls = ballsOnTable(client.state);
  const cue = balls.find((b) => b.id !== 0)!;
  const nearest = balls
    .filter((b) => b.id !== cue.id)
    .sort((p, q) => Math.hypot(p.x - cue.x, p.y - cue.y) - Math.hypot(q.x - cue.x, q.y - cue.y))[0]!;
  const away = (Math.atan2(cue.y - nearest.y, cue.x - nearest.x) * 180) / Math.PI;
  return {
    shotNumber: client.state.shotNumber,
    stroke: { cue: cue.id, angle: away, speed: 0.03, offset: { x: 0, y: 0 } },
    call: [],
  };
}

/** Plays one request and waits until both players have its shot judged and its animation ended (by `seen`). */
async function play(a: TableClient, b: TableClient, shooter: TableClient, type: "shot" | "lag", request: unknown) {
  const number = a.state.shotNumber;
  const heard = a.shots.length;
  shooter.send(type, request);
  await eventually(() => a.shots.length > heard && b.shots.length > heard, `${type} ${number} at both`, 15_000);
  await eventually(
    () => a.state.shotNumber > number && b.state.shotNumber > number,
    `${type} ${number} judged`,
    15_000,
  );
  for (const p of [a, b]) p.send("seen", { shotNumber: p.state.shotNumber });
  await eventually(() => !a.state.animating && !b.state.animating, `${type} ${number} over`, 20_000);
}

/** Two players, the lag, and five shots or more with a foul offer pending at the end. */
async function matchInProgress(url: string) {
  const a = await createTable(url, { name: "Anna", visibility: "private" });
  const code = a.room.roomId;
  const b = await joinTable(url, code, { name: "Boris" });
  clients.push(a, b);
  await eventually(() => a.state.phase === "lag" && b.state.phase === "lag", "the lag");
  a.send("lag", lagShot(0, 0.15));
  await eventually(() => b.state.lagSent[0] === true, "the first lag shot");
  await play(a, b, b, "lag", lagShot(1, 0.4));
  for (let shots = 0; shots < 5; shots++) {
    const shooter = mover(a, b);
    if (shooter.state.offer !== "") shooter.send("answer", { shotNumber: shooter.state.shotNumber, accept: true });
    await play(a, b, shooter, "shot", plannedShot(shooter));
  }
  const shooter = mover(a, b);
  if (shooter.state.offer !== "") shooter.send("answer", { shotNumber: shooter.state.shotNumber, accept: true });
  await play(a, b, shooter, "shot", missShot(shooter));
  expect(a.state.offer).toBe("foul");
  return { a, b, code };
}

/** Both players come back with their seat tokens; resolves with the new clients and how long it took. */
async function bothReturn(url: string, code: string, a: TableClient, b: TableClient, since: number) {
  const [backA, backB] = await Promise.all(
    [a, b].map((old) => {
      const { seatToken } = old.welcome();
      const name = old.state.players.get(String(old.welcome().seat))?.name;
      return rejoinTable(url, code, { name, seatToken });
    }),
  );
  clients.push(backA!, backB!);
  await eventually(
    () =>
      [backA!, backB!].every(
        (c) => c.state.players.get("0")?.connected === true && c.state.players.get("1")?.connected === true,
      ),
    "both seats shown present",
  );
  return { a: backA!, b: backB!, seatedAfterMs: Date.now() - since };
}

describe("a table survives its process", () => {
  it("comes back after kill -9 exactly as it was after the last shot, and plays on to the end", async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), "habibka-crash-")), "records.sqlite");
    const first = await start(databasePath);
    const { a, b, code } = await matchInProgress(first.url);
    const before = snapshot(a);
    expect(snapshot(b)).toEqual(before);
    const shots = await recordedShots(first.url, before.matchId);
    expect(shots.length).toBeGreaterThanOrEqual(7);
    for (const c of [a, b]) c.room.reconnection.enabled = false;

    await first.stop("SIGKILL");
    const restartedAt = Date.now();
    const second = await start(databasePath, first.port);
    const back = await bothReturn(second.url, code, a, b, restartedAt);
    console.info(`restart to both players seated again: ${back.seatedAfterMs} ms (after kill -9)`);

    expect(back.a.welcome()).toMatchObject({ role: "player", seat: 0, seatToken: a.welcome().seatToken });
    expect(back.b.welcome()).toMatchObject({ role: "player", seat: 1, seatToken: b.welcome().seatToken });
    expect(snapshot(back.a)).toEqual(before);
    expect(snapshot(back.b)).toEqual(before);
    expect(back.a.state.animating).toBe(false);
    expect(await recordedShots(second.url, before.matchId)).toEqual(shots);
    const health = (await (await fetch(`${second.url}/healthz`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({ status: "ok", restored: 1, unrestorable: 0, database: { ok: true } });

    const rest = await playScriptedMatch([back.a, back.b], { maxShots: 120, skipAnimations: true, waitMs: 20_000 });
    expect(back.a.state.phase).toBe("finished");
    expect(rest.played.length).toBeGreaterThan(0);
  }, 240_000);

  it("comes back after a kill during a shot's animation with that shot played", async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), "habibka-crash-anim-")), "records.sqlite");
    const first = await start(databasePath);
    const a = await createTable(first.url, { name: "Anna", visibility: "private", opening: "draw" });
    const code = a.room.roomId;
    const b = await joinTable(first.url, code, { name: "Boris" });
    clients.push(a, b);
    await eventually(() => a.state.phase === "opening" && b.state.phase === "opening", "the opening after the draw");
    const shooter = mover(a, b);
    shooter.send("shot", plannedShot(shooter));
    await eventually(
      () => a.shots.length === 1 && a.state.animating && a.state.shotNumber === 3,
      () =>
        `the break, animating (${a.shots.length} shots, shot ${a.state.shotNumber}, ${JSON.stringify(shooter.errors)})`,
    );
    expect(a.shots[0]!.duration).toBeGreaterThan(2);
    const after = snapshot(a);
    for (const c of [a, b]) c.room.reconnection.enabled = false;
    await first.stop("SIGKILL");

    const second = await start(databasePath, first.port);
    const back = await bothReturn(second.url, code, a, b, Date.now());
    expect(snapshot(back.a)).toEqual(after);
    expect(back.a.state.animating).toBe(false);
    const next = mover(back.a, back.b);
    await play(back.a, back.b, next, "shot", plannedShot(next));
    expect(back.a.state.shotNumber).toBe(4);
  }, 120_000);

  it("on a redeploy (SIGTERM) tells everyone to come back (4100); they do, and play on", async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), "habibka-redeploy-")), "records.sqlite");
    const first = await start(databasePath);
    const { a, b, code } = await matchInProgress(first.url);
    const before = snapshot(a);
    const watcher = await joinTable(first.url, code, { name: "Watcher", watch: true });
    clients.push(watcher);

    const exit = first.stop("SIGTERM");
    await eventually(() => [a, b, watcher].every((c) => c.leaves.length > 0), "every connection closed", 30_000);
    for (const c of [a, b, watcher]) expect(c.leaves).toEqual([4100]);
    // The process flushes and exits by itself, well within the compose file's 30-second grace period.
    expect(await exit).toBe(0);

    const second = await start(databasePath, first.port);
    const back = await bothReturn(second.url, code, a, b, Date.now());
    const watching = await rejoinTable(second.url, code, { name: "Watcher", watch: true });
    clients.push(watching);
    expect(watching.welcome()).toMatchObject({ role: "spectator" });
    expect(snapshot(back.a)).toEqual(before);
    const shooter = mover(back.a, back.b);
    shooter.send("answer", { shotNumber: shooter.state.shotNumber, accept: false });
    await eventually(() => back.a.state.offer === "" && back.a.state.toMove !== before.toMove, "the offer passed");
    const next = mover(back.a, back.b);
    await play(back.a, back.b, next, "shot", plannedShot(next));
    await eventually(() => watching.shots.length > 0, "the spectator sees the shot");
  }, 180_000);
});

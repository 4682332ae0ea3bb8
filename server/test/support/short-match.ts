import { simulate } from "@habibka/shared/physics";
import { findShot } from "./pottable-shot.ts";
import { shooterView } from "./scripted-match.ts";
import { ballsOnTable, createTable, joinTable, type TableClient } from "./table-client.ts";
import { eventually } from "./test-server.ts";

/**
 * A short match played over the network by two scripted players, for tests that need a recorded match
 * rather than a whole one: the opener drawn at random (no lag), then `shots` strokes, each the aiming bot's
 * or, where asked, a deliberate miss (a foul, clause 17), then a resignation unless it is left running.
 * Each player says it has seen each shot at once, so the server never waits for an animation.
 */

export interface ShortMatchOptions {
  readonly shots: number;
  readonly visibility?: "public" | "private";
  /** Stroke indices (0 = the opening) played as a miss. */
  readonly misses?: readonly number[];
  /** Leave the match running after the shots (for a live page); else seat 1 resigns. */
  readonly keepPlaying?: boolean;
  readonly names?: readonly [string, string];
}

export interface ShortMatch {
  readonly players: readonly [TableClient, TableClient];
  readonly code: string;
  readonly matchId: string;
  /** The shot numbers played, in order, and which were misses. */
  readonly played: { readonly number: number; readonly miss: boolean }[];
}

/** A soft stroke of the first white ball that touches nothing: a miss, checked with the shared physics. */
export function missStroke(state: TableClient["state"]) {
  const balls = ballsOnTable(state);
  const cue = balls.filter((b) => b.id !== 0).sort((a, b) => a.x - b.x)[0]!;
  for (let i = 0; i < 24; i++) {
    const stroke = { cue: cue.id, angle: i * 15 + 7.5, speed: 0.3, offset: { x: 0, y: 0 } };
    const result = simulate({ balls, strokes: [stroke] });
    if (!result.events.some((e) => e.type === "collision" || e.type === "pocket")) return stroke;
  }
  throw new Error("no direction for a miss");
}

/** Plays one stroke for the seat to move (taking an offer first) and waits until everyone has it. */
export async function playOneShot(
  players: readonly [TableClient, TableClient],
  miss: boolean,
  timeoutMs = 20_000,
): Promise<number> {
  const view = players[0];
  const seat = view.state.toMove as 0 | 1;
  const me = players[seat];
  const state = me.state;
  const number = state.shotNumber;
  const opening = state.phase === "opening";
  if (state.offer !== "") {
    me.send("answer", { shotNumber: number, accept: true });
    await eventually(() => me.state.offer === "", "the offer taken", timeoutMs);
  }
  let request: Record<string, unknown>;
  if (miss && !opening) {
    request = { shotNumber: number, stroke: missStroke(state), call: [] };
  } else {
    const planned = findShot(shooterView(state, seat));
    request = {
      shotNumber: number,
      stroke: planned.stroke,
      call: planned.call,
      ...(planned.place ? { place: planned.place } : {}),
    };
  }
  const errors = me.errors.length;
  me.send("shot", request);
  await eventually(
    () => me.errors.length > errors || players.every((p) => p.state.shotNumber > number),
    `shot ${number} judged`,
    timeoutMs,
  );
  if (me.errors.length > errors) throw new Error(`shot ${number} refused: ${JSON.stringify(me.errors[errors])}`);
  for (const p of players) p.send("seen", { shotNumber: p.state.shotNumber });
  await eventually(() => players.every((p) => !p.state.animating), `shot ${number} to end`, timeoutMs);
  return number;
}

export async function playShortMatch(url: string, options: ShortMatchOptions): Promise<ShortMatch> {
  const [nameA, nameB] = options.names ?? ["Анна", "Boris"];
  const a = await createTable(url, {
    name: nameA,
    visibility: options.visibility ?? "public",
    opening: "draw",
    ...(options.visibility === "private" ? {} : { shotClock: 90 }),
  });
  const code = a.room.roomId;
  const b = await joinTable(url, code, { name: nameB });
  const players = [a, b] as const;
  await eventually(() => a.state.phase === "opening" && b.state.phase === "opening", "the opening", 10_000);
  const played: { number: number; miss: boolean }[] = [];
  for (let i = 0; i < options.shots && a.state.phase !== "finished"; i++) {
    const miss = options.misses?.includes(i) ?? false;
    played.push({ number: await playOneShot(players, miss), miss });
  }
  if (!options.keepPlaying && a.state.phase !== "finished") {
    b.send("resign", {});
    await eventually(() => a.state.phase === "finished", "the resignation", 10_000);
  }
  return { players, code, matchId: a.welcome().matchId, played };
}

import type { Random } from "../../src/random.ts";
import type { CalledBall } from "../../src/rules/call.ts";
import type { ShotEvent } from "../../src/shot/shot-events.ts";
import type { BallPosition } from "../../src/table/balls.ts";
import { CUSHION_IDS } from "../../src/table/cushions.ts";
import { HALF_LENGTH, HALF_WIDTH } from "../../src/table/dimensions.ts";
import { POCKET_IDS, POCKETS } from "../../src/table/pockets.ts";
import { centre, cushion, hit, inMouth, offTable, pocket, R, shot, strike } from "./helpers.ts";

/**
 * Synthetic shots for the property tests: not physically exact, but every event names balls that are on
 * the table, so the rules see every combination of chains, drops, fouls and calls.
 */
export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

export function randomSpot(random: Random, id: number): BallPosition {
  return {
    id,
    x: (random() * 2 - 1) * (HALF_LENGTH - R),
    y: (random() * 2 - 1) * (HALF_WIDTH - R),
  };
}

export interface SyntheticShot {
  readonly events: ShotEvent[];
  readonly call: CalledBall[];
  readonly rest: BallPosition[];
}

export interface SyntheticOptions {
  /** Probability of a clean scoring pattern (a straight-flying or called drop). */
  readonly scoring?: number;
  /** Keep the scoring pattern off the coloured ball (it would be a foul outside last-ball play). */
  readonly avoidColoured?: boolean;
  /** Most events in a random shot (default 8). */
  readonly events?: number;
}

export function syntheticShot(
  random: Random,
  table: readonly BallPosition[],
  cue: number,
  options: SyntheticOptions = {},
): SyntheticShot {
  const ids = table.map((b) => b.id);
  const others = ids.filter((id) => id !== cue);
  const targets = options.avoidColoured ? others.filter((id) => id !== 0) : others;
  const scoring = options.scoring ?? 0.35;
  const events: Parameters<typeof shot> = [strike(cue)];
  const call: CalledBall[] = [];
  const style = random();
  const target = targets.length > 0 ? pick(random, targets) : null;
  if (style < scoring && target !== null) {
    // A straight-flying or called drop: the kind of shot that moves a match forward.
    const p = pick(random, POCKET_IDS);
    events.push(hit(cue, target));
    if (random() < 0.5) {
      call.push({ ball: target, pocket: p, way: "direct" });
      events.push(cushion(target, POCKETS[p].adjacent[0]));
    }
    events.push(pocket(target, p));
    if (random() < 0.2) events.push(pocket(cue, pick(random, POCKET_IDS)));
  } else if (style < scoring + 0.1) {
    events.push(cushion(cue, pick(random, CUSHION_IDS)));
  } else {
    const n = 1 + Math.floor(random() * (options.events ?? 8));
    let first = true;
    for (let i = 0; i < n; i++) {
      const ball = first ? cue : pick(random, ids);
      const kind = first ? 0 : random();
      first = false;
      if (kind < 0.3 && others.length > 0) {
        const other = pick(
          random,
          ids.filter((id) => id !== ball),
        );
        if (other !== undefined) events.push(hit(ball, other, { a: [random() - 0.5, 0.1], b: [random() - 0.5, -0.1] }));
      } else if (kind < 0.55) events.push(cushion(ball, pick(random, CUSHION_IDS)));
      else if (kind < 0.7) events.push(centre(ball, random() < 0.5 ? -1 : 1));
      else if (kind < 0.85) events.push(pocket(ball, pick(random, POCKET_IDS)));
      else if (kind < 0.92) events.push(offTable(ball));
      else events.push(inMouth(ball, pick(random, POCKET_IDS)));
    }
    if (random() < 0.3 && target !== null)
      call.push({ ball: target, pocket: pick(random, POCKET_IDS), way: random() < 0.5 ? "direct" : "bank" });
  }
  const all = shot(...events);
  const gone = new Set(all.flatMap((e) => (e.type === "pocket" || e.type === "off-table" ? [e.ball] : [])));
  const rest = table
    .filter((b) => !gone.has(b.id))
    .map((b) => (random() < 0.3 ? { ...b, x: b.x * 0.9, y: b.y * 0.9 } : b));
  return { events: all, call, rest };
}

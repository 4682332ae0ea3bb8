import { expect } from "vitest";
import { type SimulationResult, simulate } from "../../src/physics/index.ts";
import { judgeScenario, type Scenario, type ScenarioOutcome } from "../../src/rules/scenario.ts";
import type { ShotEvent } from "../../src/shot/shot-events.ts";
import type { BallPosition } from "../../src/table/balls.ts";
import type { CushionId } from "../../src/table/cushions.ts";
import { BALL_RADIUS, HALF_LENGTH, HALF_WIDTH } from "../../src/table/dimensions.ts";
import { POCKETS, type PocketId } from "../../src/table/pockets.ts";

/**
 * Helpers for end-to-end shot scenarios: a scenario (the input of docs/rules/sim-cli.md) is simulated by the
 * real physics and the physics' own events and rest are judged by the rules engine, exactly as `habibka-sim`
 * and the server do. Nothing here writes an event log by hand.
 */

export const R = BALL_RADIUS;
/** Where the rules spot a ball first (I20): touching the foot cushion, on the long axis. */
export const FOOT_SPOT = { x: HALF_LENGTH - R, y: 0 } as const;
/** The smallest gap kept between two balls in these scenarios (1 mm), so no ball starts frozen to another. */
const MIN_GAP = 0.001;

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** The point `d` metres in front of a pocket's mouth, on its axis: `mouthCentre − axis·d`. */
export function onAxis(pocket: PocketId, d: number): Point {
  const p = POCKETS[pocket];
  return { x: p.mouthCentre.x - p.axis.x * d, y: p.mouthCentre.y - p.axis.y * d };
}

/** The stroke direction (degrees, contract convention) from the table into a pocket along its axis. */
export function axisAngle(pocket: PocketId): number {
  const { axis } = POCKETS[pocket];
  return (Math.atan2(axis.y, axis.x) * 180) / Math.PI;
}

/** A ball with an id at a point. */
export const ball = (id: number, at: Point): BallPosition => ({ id, x: at.x, y: at.y });

/** The scenario's table is playable: every ball on the playing surface and every two at least 1 mm apart. */
export function expectPlayable(balls: readonly BallPosition[]): void {
  for (const b of balls) {
    expect(Math.abs(b.x), `ball ${b.id} x`).toBeLessThanOrEqual(HALF_LENGTH - R);
    expect(Math.abs(b.y), `ball ${b.id} y`).toBeLessThanOrEqual(HALF_WIDTH - R);
  }
  for (const [i, a] of balls.entries()) {
    for (const b of balls.slice(i + 1)) {
      expect(Math.hypot(a.x - b.x, a.y - b.y), `gap between ${a.id} and ${b.id}`).toBeGreaterThanOrEqual(
        2 * R + MIN_GAP,
      );
    }
  }
}

export interface PlayedScenario {
  readonly sim: SimulationResult;
  readonly outcome: ScenarioOutcome;
}

/** Simulates the scenario's stroke and judges the physics' events and rest with `judgeScenario`. */
export function play(scenario: Scenario): PlayedScenario {
  expectPlayable(scenario.balls);
  const sim = simulate({ balls: scenario.balls, strokes: [scenario.shot] });
  const judged = judgeScenario(scenario, sim.events, sim.rest);
  if (!judged.ok) throw new Error(`judgeScenario refused the scenario: ${judged.error.message}`);
  return { sim, outcome: judged.value };
}

/** The physics' pocket events, as `[ball, pocket]` in drop order. */
export function drops(events: readonly ShotEvent[]): [number, PocketId][] {
  return events.flatMap((e): [number, PocketId][] => (e.type === "pocket" ? [[e.ball, e.pocket]] : []));
}

/** The cushion segments a ball touched, in order (a jaw contact is its segment, suffixed with the pocket). */
export function cushionsOf(events: readonly ShotEvent[], id: number): string[] {
  return events.flatMap((e) =>
    e.type === "cushion" && e.ball === id ? [e.jaw ? `${e.cushion}(${e.jaw})` : (e.cushion as CushionId)] : [],
  );
}

/** The ball–ball contacts, each as the sorted pair `[a, b]`, in order. */
export function collisions(events: readonly ShotEvent[]): [number, number][] {
  return events.flatMap((e): [number, number][] =>
    e.type === "collision" ? [[Math.min(e.a, e.b), Math.max(e.a, e.b)]] : [],
  );
}

/** Where a ball is on a table, or undefined when it is not there. */
export function at(table: readonly BallPosition[], id: number): BallPosition | undefined {
  return table.find((b) => b.id === id);
}

/** The table without the given balls (the rules' `table` compared with the physics' `rest`). */
export function without(table: readonly BallPosition[], ...ids: number[]): BallPosition[] {
  return table.filter((b) => !ids.includes(b.id));
}

/**
 * White balls parked out of the way in a row across the table (by default near the head cushion, x = −1.55;
 * 10 cm apart from y = −0.65), so a scenario can put as many white balls on the table as its shelves need
 * without touching the shot.
 */
export function parked(ids: readonly number[], x = -1.55): BallPosition[] {
  return ids.map((id, k) => ({ id, x, y: -0.65 + 0.1 * k }));
}

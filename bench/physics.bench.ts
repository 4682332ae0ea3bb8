/**
 * Physics benchmark, both engines interleaved in one run: the real opening break (the apex ball from the house
 * into the 14-ball pyramid, the coloured ball on the centre mark) at 8 and 12 m/s over several rack seeds, and a
 * typical pot (a straight shot into a corner pocket with draw, from 0.5–0.6 m), and the shots of matches as
 * `pnpm loadtest` plays them.
 * Run: node bench/physics.bench.ts [--runs N]
 * Prints, per case and engine: median and p90 wall time per shot (simulation only, trace on), wall time per
 * simulated second, steps per second and the binary trace size; then the Planck/exact ratio of the medians and
 * of the time per simulated second. The engines alternate shot by shot (which goes first alternates too), so
 * both see the same machine load. Target for the default (exact) engine: ≤ 15 ms per break on one core.
 */
import { parseArgs } from "node:util";
import { seededRandom } from "@habibka/shared";
import {
  ENGINE_NAMES,
  type EngineName,
  encodeTrace,
  openingBreak,
  type SimulationInput,
  simulate,
} from "@habibka/shared/physics";
import { POCKETS } from "@habibka/shared/table";

const { values } = parseArgs({ options: { runs: { type: "string", default: "40" } } });
const runs = Math.max(5, Number(values.runs));

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** A straight pot into the foot-left corner with draw: object ball 0.5–0.6 m from the mouth, cue ball 0.8 m behind. */
function typicalPot(k: number): SimulationInput {
  const pocket = POCKETS.FL;
  const back = 0.5 + 0.02 * (k % 6);
  const object = {
    id: 3,
    x: pocket.mouthCentre.x - pocket.axis.x * back,
    y: pocket.mouthCentre.y - pocket.axis.y * back,
  };
  const cue = { id: 7, x: object.x - pocket.axis.x * 0.8, y: object.y - pocket.axis.y * 0.8 };
  const angle = (Math.atan2(pocket.axis.y, pocket.axis.x) * 180) / Math.PI;
  return {
    balls: [{ id: 0, x: 0, y: 0 }, object, cue, { id: 12, x: -1, y: -0.5 }],
    strokes: [{ cue: 7, angle, speed: 1.5 + 0.1 * (k % 5), offset: { x: 0, y: -0.3 } }],
    trace: true,
  };
}

/**
 * The shots of matches as `pnpm loadtest`'s bots play them (server/loadtest/match-bot.ts): from a seeded break,
 * each a random white ball at the nearest other white ball at 1.5–4 m/s, on the table the last shot left; a
 * table with fewer than four white balls is racked and broken again. Long rolls with a few balls moving, most
 * of a live server's physics.
 */
function loadtestShots(count: number): SimulationInput[] {
  const random = seededRandom(2026);
  const shots: SimulationInput[] = [];
  let balls = simulate(openingBreak(8, 1, false)).rest;
  while (shots.length < count) {
    const whites = balls.filter((b) => b.id !== 0);
    if (whites.length < 4) {
      balls = simulate(openingBreak(8, shots.length, false)).rest;
      continue;
    }
    const cue = whites[Math.floor(random() * whites.length)]!;
    const distance = (b: { x: number; y: number }) => Math.hypot(b.x - cue.x, b.y - cue.y);
    const target = whites.filter((b) => b !== cue).sort((p, q) => distance(p) - distance(q))[0]!;
    const angle = (Math.atan2(target.y - cue.y, target.x - cue.x) * 180) / Math.PI;
    const shot: SimulationInput = {
      balls,
      strokes: [{ cue: cue.id, angle, speed: 1.5 + random() * 2.5, offset: { x: 0, y: 0 } }],
      trace: true,
    };
    shots.push(shot);
    balls = simulate(shot).rest;
  }
  return shots;
}

interface Figures {
  medianMs: number;
  p90Ms: number;
  simulatedS: number;
  msPerSimulatedSecond: number;
  stepsPerSecond: number;
  traceBytes: number;
}

/** Runs every shot on every engine, alternating the order, after a warm-up so the JIT has compiled the hot paths. */
function compare(shot: (k: number) => SimulationInput, count: number): Record<EngineName, Figures> {
  for (let k = 1000; k < 1010; k++) for (const engine of ENGINE_NAMES) simulate(shot(k), engine);
  const samples = Object.fromEntries(
    ENGINE_NAMES.map((engine) => [engine, { walls: [] as number[], simulated: 0, steps: 0, bytes: 0 }]),
  ) as Record<EngineName, { walls: number[]; simulated: number; steps: number; bytes: number }>;
  for (let k = 0; k < count; k++) {
    const order = k % 2 === 0 ? ENGINE_NAMES : [...ENGINE_NAMES].reverse();
    for (const engine of order) {
      const result = simulate(shot(k + 1), engine);
      const s = samples[engine];
      s.walls.push(result.stats.wall_ms);
      s.simulated += result.stats.simulated_s;
      s.steps += result.stats.steps;
      s.bytes += encodeTrace(result.trace ?? []).length;
    }
  }
  return Object.fromEntries(
    ENGINE_NAMES.map((engine) => {
      const s = samples[engine];
      const walls = [...s.walls].sort((a, b) => a - b);
      const totalMs = walls.reduce((sum, w) => sum + w, 0);
      const figures: Figures = {
        medianMs: quantile(walls, 0.5),
        p90Ms: quantile(walls, 0.9),
        simulatedS: s.simulated / count,
        msPerSimulatedSecond: totalMs / s.simulated,
        stepsPerSecond: s.steps / (totalMs / 1000),
        traceBytes: Math.round(s.bytes / count),
      };
      return [engine, figures];
    }),
  ) as Record<EngineName, Figures>;
}

const cases: [string, (k: number) => SimulationInput][] = [
  ["opening break 8 m/s", (k) => openingBreak(8, k, true)],
  ["opening break 12 m/s", (k) => openingBreak(12, k, true)],
  ["typical pot", typicalPot],
];
const matchShots = loadtestShots(200);
cases.push(["a match's shot as pnpm loadtest plays it", (k) => matchShots[k % matchShots.length]!]);

for (const [name, shot] of cases) {
  const figures = compare(shot, runs);
  console.log(`physics: ${name} (${runs} shots, engines interleaved)`);
  for (const engine of ENGINE_NAMES) {
    const f = figures[engine];
    console.log(
      `  ${engine.padEnd(6)}: median ${f.medianMs.toFixed(2)} ms, p90 ${f.p90Ms.toFixed(2)} ms, ${f.simulatedS.toFixed(2)} s simulated, ` +
        `${f.msPerSimulatedSecond.toFixed(2)} ms per simulated second (${Math.round(1000 / f.msPerSimulatedSecond)}x real time), ` +
        `${Math.round(f.stepsPerSecond).toLocaleString("en")} steps/s, trace ${f.traceBytes} bytes`,
    );
  }
  const { exact, planck } = figures;
  console.log(
    `  planck / exact: ${(planck.medianMs / exact.medianMs).toFixed(2)}x per shot (median), ` +
      `${(planck.msPerSimulatedSecond / exact.msPerSimulatedSecond).toFixed(2)}x per simulated second`,
  );
}

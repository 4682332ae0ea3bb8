/**
 * Physics benchmark: the real opening break (the apex ball from the house into the 14-ball pyramid, the
 * coloured ball on the centre mark) at 8 and 12 m/s, over several rack seeds.
 * Run: node bench/physics.bench.ts [--runs N]
 * Prints, per speed: median and p90 wall time per break (simulation only, trace on), simulated-to-wall ratio,
 * steps per second, and the binary trace size per break. Target: ≤ 15 ms per break on one core.
 */
import { parseArgs } from "node:util";
import { openingBreak, simulate } from "../shared/src/physics/index.ts";
import { encodeTrace } from "../shared/src/shot/trace-codec.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "40" } } });
const runs = Math.max(5, Number(values.runs));

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export interface BreakFigures {
  speed: number;
  medianMs: number;
  p90Ms: number;
  simulatedS: number;
  simulatedToWall: number;
  stepsPerSecond: number;
  traceBytes: number;
}

export function benchBreak(speed: number, count: number): BreakFigures {
  // Warm-up so the JIT has compiled the hot paths before timing.
  for (let seed = 1000; seed < 1010; seed++) simulate(openingBreak(speed, seed, true));
  const walls: number[] = [];
  let simulated = 0;
  let steps = 0;
  let bytes = 0;
  for (let seed = 1; seed <= count; seed++) {
    const result = simulate(openingBreak(speed, seed, true));
    walls.push(result.stats.wall_ms);
    simulated += result.stats.simulated_s;
    steps += result.stats.steps;
    bytes += encodeTrace(result.trace ?? []).length;
  }
  walls.sort((a, b) => a - b);
  const totalWall = walls.reduce((s, w) => s + w, 0) / 1000;
  return {
    speed,
    medianMs: quantile(walls, 0.5),
    p90Ms: quantile(walls, 0.9),
    simulatedS: simulated / count,
    simulatedToWall: simulated / totalWall,
    stepsPerSecond: steps / totalWall,
    traceBytes: Math.round(bytes / count),
  };
}

for (const speed of [8, 12]) {
  const f = benchBreak(speed, runs);
  console.log(
    `physics: opening break ${speed} m/s (${runs} racks): median ${f.medianMs.toFixed(2)} ms, p90 ${f.p90Ms.toFixed(2)} ms, ` +
      `${f.simulatedS.toFixed(2)} s simulated, ${Math.round(f.simulatedToWall)}x real time, ` +
      `${Math.round(f.stepsPerSecond).toLocaleString("en")} steps/s, trace ${f.traceBytes} bytes`,
  );
}

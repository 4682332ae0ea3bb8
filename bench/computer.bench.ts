/**
 * Computer player benchmark: seeded whole matches, computer against computer, through the table's pipeline
 * (a new match, both seats taken, then playLag, playShot, answerOffer), at every pairing of the three levels,
 * seats alternating.
 * Run: node bench/computer.bench.ts [--matches N] [--max-shots N]
 * Prints, per pairing, the win rates; per level, pots and fouls per shot, success on plain pots (a called
 * object ball within 0.5 m of its pocket at a cut under 30°), and the decision time p50 / p99 / worst: the
 * CPU time the process spent (one core's work, whatever else the machine runs) and the wall time. Figures
 * only: nothing here asserts a time.
 */
import { availableParallelism, loadavg } from "node:os";
import { parseArgs } from "node:util";
import {
  type Decision,
  decide,
  type LagDecision,
  lagMessageOf,
  type ShotDecision,
  shotMessageOf,
  situationOf,
} from "@habibka/shared/computer";
import { cutAngle, pocketTarget } from "@habibka/shared/computer/geometry";
import { COMPUTER_LEVELS, type ComputerLevel, type MatchState } from "@habibka/shared/match";
import { answerOffer, playLag, playShot } from "@habibka/shared/pipeline";
import type { ShotVerdict } from "@habibka/shared/rules";
import { POCKETS } from "@habibka/shared/table";
import { startedMatch } from "@habibka/shared/testing/started-match";

const { values } = parseArgs({
  options: { matches: { type: "string", default: "6" }, "max-shots": { type: "string", default: "400" } },
});
const matchesPerPairing = Math.max(1, Number(values.matches));
const maxShots = Math.max(10, Number(values["max-shots"]));

/** A ball this close to the mouth of the called pocket, cut this thin at most, is a plain pot. */
const PLAIN_REACH = 0.5;
const PLAIN_CUT = 30;

interface LevelFigures {
  /** Wall time of each decision, and the CPU time the process spent on it (what "one core" means). */
  times: number[];
  cpu: number[];
  shots: number;
  balls: number;
  fouls: number;
  plain: number;
  plainScored: number;
}

const figures = new Map<ComputerLevel, LevelFigures>(
  COMPUTER_LEVELS.map((name) => [name, { times: [], cpu: [], shots: 0, balls: 0, fouls: 0, plain: 0, plainScored: 0 }]),
);

function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!result.ok) throw new Error(`the match flow refused the computer: ${result.error.code}: ${result.error.message}`);
  return result.value;
}

function timed(level: ComputerLevel, run: () => Decision): Decision {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const decision = run();
  const used = process.cpuUsage(cpu);
  const f = figures.get(level)!;
  f.times.push(performance.now() - started);
  f.cpu.push((used.user + used.system) / 1000);
  return decision;
}

function isPlainPot(decision: ShotDecision, before: readonly { id: number; x: number; y: number }[]): boolean {
  const [called] = decision.call;
  if (decision.call.length !== 1 || !called || called.ball === decision.stroke.cue || called.way !== "direct")
    return false;
  const ball = before.find((b) => b.id === called.ball);
  const cue = before.find((b) => b.id === decision.stroke.cue);
  if (!ball || !cue) return false;
  const mouth = POCKETS[called.pocket].mouthCentre;
  if (Math.hypot(ball.x - mouth.x, ball.y - mouth.y) > PLAIN_REACH) return false;
  return cutAngle(cue, ball, pocketTarget(called.pocket)) < PLAIN_CUT;
}

function record(
  level: ComputerLevel,
  decision: ShotDecision,
  before: readonly { id: number; x: number; y: number }[],
  verdict: ShotVerdict,
) {
  const f = figures.get(level)!;
  f.shots++;
  f.balls += verdict.counted.length + verdict.paidDebt.length;
  if (verdict.foul) f.fouls++;
  if (isPlainPot(decision, before)) {
    f.plain++;
    const ball = decision.call[0]!.ball;
    if (!verdict.foul && (verdict.counted.includes(ball) || verdict.paidDebt.includes(ball))) f.plainScored++;
  }
}

/** One whole match; returns the winning seat, or null when it reached the shot limit. */
function playMatch(levels: readonly [ComputerLevel, ComputerLevel], seed: number): 0 | 1 | null {
  let match: MatchState = startedMatch({ opening: "lag", seed });
  let step = 0;
  for (let shots = 0; match.phase !== "finished" && shots < maxShots; shots++) {
    step++;
    if (match.phase === "lag") {
      // Each seat sends its lag shot; the second one plays the lag.
      for (const seat of [0, 1] as const) {
        const situation = situationOf(match, seat)!;
        const lag = timed(levels[seat], () => decide(situation, levels[seat], seed * 7919 + step * 2 + seat));
        match = unwrap(playLag(match, seat, lagMessageOf(lag as LagDecision))).state;
      }
      continue;
    }
    const seat = match.player;
    const level = levels[seat];
    const situation = situationOf(match, seat);
    if (!situation) throw new Error(`no situation for seat ${seat} in phase ${match.phase}`);
    const decision = timed(level, () => decide(situation, level, seed * 7919 + step * 2 + seat));
    if (decision.type === "pass") {
      match = unwrap(answerOffer(match, seat, { shotNumber: match.shotNumber, accept: false })).state;
      continue;
    }
    let shot: ShotDecision;
    if (decision.type === "take") {
      match = unwrap(answerOffer(match, seat, { shotNumber: match.shotNumber, accept: true })).state;
      shot = decision.shot;
    } else if (decision.type === "shot") shot = decision;
    else throw new Error(`a ${decision.type} decision outside the lag`);
    const outcome = unwrap(playShot(match, seat, shotMessageOf(shot)));
    match = outcome.state;
    const played = outcome.played!;
    record(level, shot, played.before, played.verdict as ShotVerdict);
  }
  return match.winner;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const started = performance.now();
console.log(`computer: load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores at the start`);
const pairings: [ComputerLevel, ComputerLevel][] = [
  ["novice", "amateur"],
  ["novice", "master"],
  ["amateur", "master"],
];
for (const [index, [a, b]] of pairings.entries()) {
  const wins = { [a]: 0, [b]: 0, unfinished: 0 } as Record<string, number>;
  for (let i = 0; i < matchesPerPairing; i++) {
    const levels: [ComputerLevel, ComputerLevel] = i % 2 === 0 ? [a, b] : [b, a];
    const winner = playMatch(levels, (index + 1) * 1000 + i + 1);
    if (winner === null) wins.unfinished!++;
    else wins[levels[winner]]!++;
  }
  const pct = (n: number) => `${Math.round((100 * n) / matchesPerPairing)} %`;
  console.log(
    `computer: ${b} vs ${a}, ${matchesPerPairing} matches: ${b} won ${wins[b]} (${pct(wins[b]!)}), ` +
      `${a} won ${wins[a]} (${pct(wins[a]!)}), unfinished ${wins.unfinished}`,
  );
}
for (const [level, f] of figures) {
  const times = [...f.times].sort((x, y) => x - y);
  const cpu = [...f.cpu].sort((x, y) => x - y);
  const perShot = (n: number) => (f.shots === 0 ? "-" : (n / f.shots).toFixed(2));
  const plain = f.plain === 0 ? "-" : `${Math.round((100 * f.plainScored) / f.plain)} % of ${f.plain}`;
  console.log(
    `computer: ${level}: ${f.shots} shots, balls scored per shot ${perShot(f.balls)}, fouls per shot ${perShot(f.fouls)}, ` +
      `plain pots scored ${plain}; decision CPU p50 ${quantile(cpu, 0.5).toFixed(0)} ms, ` +
      `p99 ${quantile(cpu, 0.99).toFixed(0)} ms, worst ${(cpu.at(-1) ?? 0).toFixed(0)} ms; ` +
      `wall p50 ${quantile(times, 0.5).toFixed(0)} ms, p99 ${quantile(times, 0.99).toFixed(0)} ms (${times.length} decisions)`,
  );
}
console.log(`computer: whole run ${((performance.now() - started) / 1000).toFixed(0)} s`);

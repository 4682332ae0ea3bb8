/**
 * Analysis benchmark: seeded whole matches of the computer against itself (every pairing of its levels, seats
 * alternating, as computer.bench.ts plays them) and the golden records of shared/test/fixtures, each analysed
 * at every level. Prints what an analysis costs (CPU per match and per stroke, p50 / p99) and, for the master's
 * analysis, how the losses fall: their distribution, what followed a stroke in each band (the opponent's pot
 * next, the striker's lost match), the marks each level's strokes get, and the loss of the stroke that decided
 * each match (the loser's last stroke before the winner took the lead for good). docs/COMPUTER.md, "Analysis".
 * Run: node bench/analysis.bench.ts [--matches N] [--max-shots N] [--levels novice,amateur,master]
 * Figures only: nothing here asserts a time.
 */
import { availableParallelism, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { analyseMatch } from "@habibka/shared/computer";
import { COMPUTER_LEVELS, type ComputerLevel, type MatchShot, matchShots } from "@habibka/shared/match";
import { type AnalysedStroke, decidingStroke, STROKE_MARKS } from "@habibka/shared/protocol";
import { playComputerMatch } from "@habibka/shared/testing/computer-match";
import { GOLDEN_RECORDS, readGoldenRecord } from "@habibka/shared/testing/golden-records";

const { values } = parseArgs({
  options: {
    matches: { type: "string", default: "1" },
    "max-shots": { type: "string", default: "120" },
    levels: { type: "string", default: COMPUTER_LEVELS.join(",") },
  },
});
const matchesPerPairing = Math.max(1, Number(values.matches));
const maxShots = Math.max(10, Number(values["max-shots"]));
const levels = values.levels
  .split(",")
  .filter((l): l is ComputerLevel => (COMPUTER_LEVELS as readonly string[]).includes(l));

interface Played {
  readonly name: string;
  /** The level that played each seat, or null for a golden record (people, or random play). */
  readonly players: readonly [ComputerLevel, ComputerLevel] | null;
  readonly winner: 0 | 1 | null;
  readonly shots: readonly MatchShot[];
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const cpuNow = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

const started = performance.now();
console.log(`analysis: load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores at the start`);

const matches: Played[] = [];
const pairings: [ComputerLevel, ComputerLevel][] = [
  ["novice", "amateur"],
  ["novice", "master"],
  ["amateur", "master"],
];
for (const [index, [a, b]] of pairings.entries()) {
  for (let i = 0; i < matchesPerPairing; i++) {
    const players: [ComputerLevel, ComputerLevel] = i % 2 === 0 ? [a, b] : [b, a];
    const seed = (index + 1) * 1000 + i + 1;
    const { record, final } = playComputerMatch({ levels: players, seed, maxShots });
    const shots = matchShots(record);
    if (!shots.ok) throw new Error(shots.error.message);
    matches.push({ name: `${players.join("–")} #${seed}`, players, winner: final.winner, shots: shots.value });
  }
}
for (const name of GOLDEN_RECORDS) {
  const { record, final } = readGoldenRecord(name);
  const shots = matchShots(record);
  if (!shots.ok) throw new Error(shots.error.message);
  matches.push({ name, players: null, winner: final.winner, shots: shots.value });
}
console.log(
  `analysis: played ${matches.length - GOLDEN_RECORDS.length} matches (${matchesPerPairing} a pairing, at most ${maxShots} strokes) ` +
    `and read ${GOLDEN_RECORDS.length} golden records in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);

const masterAnalyses = new Map<Played, readonly AnalysedStroke[]>();
for (const level of levels) {
  const perMatch: number[] = [];
  const perStroke: number[] = [];
  let strokes = 0;
  for (const match of matches) {
    let last = cpuNow();
    const begun = last;
    const analysis = analyseMatch(match.name, match.shots, {
      level,
      onProgress: () => {
        const now = cpuNow();
        perStroke.push(now - last);
        last = now;
      },
    });
    perMatch.push(cpuNow() - begun);
    strokes += analysis.shots.length;
    if (level === "master") masterAnalyses.set(match, analysis.shots);
  }
  const sorted = [...perStroke].sort((x, y) => x - y);
  const total = perMatch.reduce((s, x) => s + x, 0);
  console.log(
    `analysis: at ${level}: ${matches.length} matches, ${strokes} strokes, CPU ${(total / 1000).toFixed(1)} s in all, ` +
      `${(total / matches.length / 1000).toFixed(1)} s a match on average (worst ${(Math.max(...perMatch) / 1000).toFixed(1)} s); ` +
      `a stroke p50 ${quantile(sorted, 0.5).toFixed(0)} ms, p99 ${quantile(sorted, 0.99).toFixed(0)} ms, worst ${(sorted.at(-1) ?? 0).toFixed(0)} ms`,
  );
}

if (masterAnalyses.size > 0) reportLosses();
console.log(`analysis: whole run ${((performance.now() - started) / 1000).toFixed(0)} s`);

/** The master's analysis of every match: where the losses fall and what followed them. */
function reportLosses(): void {
  const bands = [0, 0.05, 0.1, 0.25, 0.5, 0.75, 1.01];
  const rows = bands.slice(0, -1).map((low, i) => ({ low, high: bands[i + 1]!, strokes: 0, theirPotNext: 0, lost: 0 }));
  const marks = new Map<string, Record<string, number>>();
  const accuracy = new Map<string, number[]>();
  const deciding: number[] = [];
  for (const [match, strokes] of masterAnalyses) {
    const byNumber = new Map(match.shots.map((s) => [s.played.number, s]));
    for (const [i, stroke] of strokes.entries()) {
      const row = rows.find((r) => stroke.loss >= r.low && stroke.loss < r.high)!;
      row.strokes++;
      const next = strokes[i + 1];
      const nextShot = next ? byNumber.get(next.number) : undefined;
      if (next && next.seat !== stroke.seat && nextShot && scoredBy(nextShot)) row.theirPotNext++;
      if (match.winner !== null && match.winner !== stroke.seat) row.lost++;
      const who = match.players ? match.players[stroke.seat] : "golden";
      const counts = marks.get(who) ?? Object.fromEntries(STROKE_MARKS.map((m) => [m, 0]));
      counts[stroke.mark]!++;
      marks.set(who, counts);
    }
    for (const seat of [0, 1] as const) {
      const own = strokes.filter((s) => s.seat === seat);
      if (own.length === 0) continue;
      const who = match.players ? match.players[seat] : "golden";
      const list = accuracy.get(who) ?? [];
      list.push(own.reduce((s, x) => s + 100 * (1 - x.loss), 0) / own.length);
      accuracy.set(who, list);
    }
    if (match.winner !== null) {
      const scores = match.shots.map((s) => ({ number: s.played.number, score: s.score }));
      const decided = decidingStroke(strokes, scores, match.winner);
      if (decided) deciding.push(decided.loss);
    }
  }
  const total = rows.reduce((s, r) => s + r.strokes, 0);
  const pct = (n: number, of: number) => (of === 0 ? "-" : `${Math.round((100 * n) / of)} %`);
  console.log(
    `analysis: the master's losses over ${total} strokes (band: share of strokes; after them, the opponent potted next; the striker lost the match)`,
  );
  for (const r of rows) {
    console.log(
      `analysis:   loss ${r.low.toFixed(2)}–${Math.min(1, r.high).toFixed(2)}: ${r.strokes} (${pct(r.strokes, total)}); ` +
        `opponent potted next ${pct(r.theirPotNext, r.strokes)}; striker lost ${pct(r.lost, r.strokes)}`,
    );
  }
  for (const [who, counts] of marks) {
    const n = Object.values(counts).reduce((s, x) => s + x, 0);
    const acc = accuracy.get(who) ?? [];
    const mean = acc.reduce((s, x) => s + x, 0) / Math.max(1, acc.length);
    console.log(
      `analysis:   ${who}'s ${n} strokes: ${STROKE_MARKS.map((m) => `${m} ${pct(counts[m]!, n)}`).join(", ")}; accuracy ${mean.toFixed(1)} on average`,
    );
  }
  const sorted = [...deciding].sort((x, y) => x - y);
  console.log(
    `analysis:   the stroke that decided each of ${sorted.length} matches: loss p25 ${quantile(sorted, 0.25).toFixed(2)}, ` +
      `median ${quantile(sorted, 0.5).toFixed(2)}, p75 ${quantile(sorted, 0.75).toFixed(2)}`,
  );
}

function scoredBy(shot: MatchShot): boolean {
  const verdict = shot.played.verdict as { counted?: readonly number[]; foul?: boolean };
  return !verdict.foul && (verdict.counted?.length ?? 0) > 0;
}

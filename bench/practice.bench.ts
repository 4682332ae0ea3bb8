// `node bench/practice.bench.ts [--shots N] [--hints N]`: the practice table's two HTTP calls as a player
// meets them. Starts the game server (in this process, one physics thread and the decision pool as in
// production, the production limits raised for one address) and times, from request to answer over loopback,
// practice shots (the opening break from the rack, and a soft cut on an open table) and hints at each level
// (the opening, and a position in play). Figures only: nothing here asserts a time.
import { parseArgs } from "node:util";
import { startTestServer, TEST_RATE_LIMITS } from "@habibka/server/testing/test-server";
import { COMPUTER_LEVELS } from "@habibka/shared/match";
import { FOOT_SPOT, startingPosition } from "@habibka/shared/table";

const { values } = parseArgs({
  options: { shots: { type: "string", default: "20" }, hints: { type: "string", default: "4" } },
});
const SHOTS = Number(values.shots);
const HINTS = Number(values.hints);

/** The rack with the apex ball in hand, placed in the house: the opening shot of every match. */
const inHand = { id: 1, x: -1.0, y: 0.3 };
const rack = [...startingPosition().filter((b) => b.id !== 1), inHand];
/** Full into the pyramid's apex spot. */
const breakAngle = (Math.atan2(FOOT_SPOT.y - inHand.y, FOOT_SPOT.x - inHand.x) * 180) / Math.PI;
const opening = { balls: rack, match: { shelf: [[], []], debt: [0, 0], opening: true } };
const openTable = {
  balls: [
    { id: 0, x: 0, y: 0 },
    { id: 4, x: 0.9, y: 0.35 },
    { id: 7, x: 1.3, y: 0.55 },
    { id: 9, x: -0.6, y: -0.4 },
    { id: 11, x: 0.4, y: -0.5 },
    { id: 13, x: -1.2, y: 0.2 },
  ],
  match: {
    shelf: [
      [1, 2, 3, 5, 6],
      [8, 10, 12, 14, 15],
    ],
    debt: [0, 0],
    opening: false,
  },
};
const shots = {
  break: { ...opening, shot: { cue: 1, angle: breakAngle, speed: 8 }, call: [] },
  cut: { ...openTable, shot: { cue: 4, angle: 30, speed: 1.5 }, call: [{ ball: 7, pocket: "FL", way: "direct" }] },
};

function summary(times: readonly number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, worst ${sorted.at(-1)!.toFixed(1)} ms`;
}

async function timed(url: string, body: unknown): Promise<number> {
  const started = performance.now();
  const answer = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  await answer.arrayBuffer();
  if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
  return performance.now() - started;
}

const running = await startTestServer({ rateLimits: TEST_RATE_LIMITS });
try {
  // The first calls warm the threads and the JIT; a player's first shot pays that once.
  for (const body of Object.values(shots)) await timed(`${running.httpUrl}/api/practice/shot`, body);
  console.log(`practice shots (${SHOTS} each), request to answer:`);
  for (const [name, body] of Object.entries(shots)) {
    const times: number[] = [];
    for (let i = 0; i < SHOTS; i++) times.push(await timed(`${running.httpUrl}/api/practice/shot`, body));
    console.log(`  ${name}: ${summary(times)}`);
  }
  console.log(`practice hints (${HINTS} each), request to answer:`);
  for (const level of COMPUTER_LEVELS) {
    for (const [name, position] of Object.entries({ opening, "open table": openTable })) {
      const times: number[] = [];
      for (let seed = 1; seed <= HINTS; seed++) {
        times.push(await timed(`${running.httpUrl}/api/practice/hint`, { ...position, level, seed }));
      }
      console.log(`  ${level}, ${name}: ${summary(times)}`);
    }
  }
} finally {
  await running.stop();
}

import { createMatch, type MatchState, type Phase } from "../../src/match/match-state.ts";
import { canBallStandAt } from "../../src/physics/boundary.ts";
import { type Random, seededRandom } from "../../src/random.ts";
import { isLastBallPlay } from "../../src/rules/last-ball.ts";
import type { PlayerIndex } from "../../src/rules/position.ts";
import { type BallPosition, WHITE_BALLS } from "../../src/table/balls.ts";
import { BALL_RADIUS, HALF_LENGTH, HALF_WIDTH } from "../../src/table/dimensions.ts";
import { APEX_BALL, startingPosition } from "../../src/table/rack.ts";

/**
 * Random legal match states for the computer's property test: balls anywhere a ball can stand (some of them
 * frozen to another ball, where follow would be a push), the coloured ball on its mark, displaced or waiting
 * while the mark is taken, shelves and debts that account for every white ball, in every phase a seat acts in.
 */

const R = BALL_RADIUS;

export type ActingPhase = Extract<Phase, "lag" | "opening" | "turn" | "offer">;

function freeSpot(random: Random, table: readonly BallPosition[], id: number): BallPosition {
  for (;;) {
    const near = table.length > 0 && random() < 0.2 ? table[Math.floor(random() * table.length)]! : null;
    const spot = near
      ? (() => {
          const a = random() * 2 * Math.PI;
          const gap = 2 * R + 1e-4 + random() * (R / 2);
          return { id, x: near.x + Math.cos(a) * gap, y: near.y + Math.sin(a) * gap };
        })()
      : { id, x: (random() * 2 - 1) * (HALF_LENGTH - R), y: (random() * 2 - 1) * (HALF_WIDTH - R) };
    if (!canBallStandAt(spot.x, spot.y)) continue;
    if (table.every((b) => Math.hypot(b.x - spot.x, b.y - spot.y) >= 2 * R + 1e-5)) return spot;
  }
}

function randomTable(random: Random, whites: readonly number[]): BallPosition[] {
  const table: BallPosition[] = [];
  const coloured = random();
  if (coloured < 0.7) table.push({ id: 0, x: 0, y: 0 });
  for (const id of whites) {
    // Now and then a white ball takes the centre mark, and the coloured ball waits off the table (I18).
    if (coloured >= 0.9 && table.length === 0) table.push({ id, x: 0, y: 0 });
    else table.push(freeSpot(random, table, id));
  }
  if (coloured >= 0.7 && coloured < 0.9) table.push(freeSpot(random, table, 0));
  return table.sort((a, b) => a.id - b.id);
}

function shuffled(random: Random, ids: readonly number[]): number[] {
  const out = [...ids];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * A match state in `phase` with `player` to act. `whiteCount` white balls are on the table (1 gives last-ball
 * play at 7:7); the rest are shared between the shelves, at most seven each.
 */
export function arbitraryState(seed: number, phase: ActingPhase, player: PlayerIndex, whiteCount: number): MatchState {
  const random = seededRandom(seed);
  const base = {
    ...createMatch(),
    phase,
    player,
    shotNumber: 1 + Math.floor(random() * 200),
    seats: [
      { name: "Anna", token: "token-0" },
      { name: "Boris", token: "token-1" },
    ] as MatchState["seats"],
  };
  if (phase === "lag" || phase === "opening") {
    const rack = random() < 0.5;
    const table = rack
      ? startingPosition({ jitter: 1e-4, random }).filter((b) => b.id !== APEX_BALL)
      : randomTable(
          random,
          WHITE_BALLS.filter((id) => id !== APEX_BALL),
        );
    // Half the time the other player's lag shot is already in, and this one completes the lag.
    const other = { place: { x: -1.2, y: player === 0 ? -0.3 : 0.3 }, angle: 0, speed: 2.2 };
    const lagShots: MatchState["lagShots"] =
      phase === "lag" && random() < 0.5 ? (player === 0 ? [null, other] : [other, null]) : [null, null];
    return { ...base, table, inHand: APEX_BALL, shelves: [[], []], debts: [0, 0], lagShots };
  }
  const ids = shuffled(random, WHITE_BALLS);
  const onTable = ids.slice(0, whiteCount);
  const off = ids.slice(whiteCount);
  const low = Math.max(0, off.length - 7);
  const first = low + Math.floor(random() * (Math.min(7, off.length) - low + 1));
  const shelves: [number[], number[]] = [off.slice(0, first), off.slice(first)];
  const debts: [number, number] = [random() < 0.2 ? 1 : 0, random() < 0.2 ? 2 : 0];
  const table = randomTable(random, onTable);
  const offer = phase === "offer" ? { kind: random() < 0.5 ? ("bonus" as const) : ("foul" as const), player } : null;
  return {
    ...base,
    table,
    inHand: null,
    shelves,
    debts,
    offer,
    // Now and then the offer is already taken: the player must now shoot, and may no longer pass.
    offerTaken: offer !== null && random() < 0.3,
    lastBall: isLastBallPlay(table, shelves),
  };
}

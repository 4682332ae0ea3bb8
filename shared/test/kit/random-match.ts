import {
  drawValue,
  initialMatch,
  type MatchAction,
  type MatchState,
  type Opener,
  RECORD_FORMAT,
  type RecordedAction,
  type RecordHeader,
  recordedPart,
} from "../../src/match/index.ts";
import { answerOffer, expireShotClock, playLag, playShot, type Step, stepMatch } from "../../src/pipeline/index.ts";
import { type Random, seededRandom } from "../../src/random.ts";
import type { Result } from "../../src/rules/result.ts";
import { POCKET_IDS } from "../../src/table/pockets.ts";

/**
 * A whole match played by two random players through the table's road (the pipeline, real physics), as
 * a table would record it: every action kept in its stored (JSON) form, with what it played. For the
 * property tests of the record: whatever the players do, folding the record gives the live match.
 */

export interface PlayedAction {
  readonly before: MatchState;
  readonly step: Step;
  /** The match after the action, as the table applied it (the stored form). */
  readonly after: MatchState;
}

export interface RandomMatch {
  readonly header: RecordHeader;
  readonly actions: readonly RecordedAction[];
  readonly played: readonly PlayedAction[];
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (random: Random, low: number, high: number) => low + random() * (high - low);

/** What a random player tries next; a refused try is simply not played. */
function tryStep(match: MatchState, random: Random, seed: number): Result<Step> {
  const player = match.player;
  const roll = random();
  switch (match.phase) {
    case "waiting": {
      const free = match.seats[0] === null ? 0 : 1;
      if (roll < 0.1 && match.seats[0] !== null) return stepMatch(match, { type: "expire", player: 0 });
      return stepMatch(match, { type: "sit", player: free, name: `Player ${free}`, token: `hash-${free}-${seed}` });
    }
    case "lag": {
      if (roll < 0.03)
        return stepMatch(match, { type: "resign", shot: match.shotNumber, player: pick(random, [0, 1] as const) });
      const seat = match.lagShots[0] === null ? 0 : 1;
      const side = seat === 0 ? 1 : -1;
      return playLag(match, seat, {
        place: { x: between(random, -1.6, -1.0), y: side * between(random, 0.1, 0.7) },
        angle: between(random, -4, 4),
        speed: between(random, 1.4, 2.7),
      });
    }
    case "draw":
      return stepMatch(match, { type: "draw", shot: match.shotNumber, source: { value: drawValue(seed) } });
    case "opening":
    case "turn":
    case "offer": {
      if (roll < 0.04) return expireShotClock(match);
      if (roll < 0.06)
        return stepMatch(match, { type: "resign", shot: match.shotNumber, player: pick(random, [0, 1] as const) });
      if (roll < 0.08) return stepMatch(match, { type: "expire", player: pick(random, [0, 1] as const) });
      if (match.phase === "offer" && !match.offerTaken && roll < 0.35) {
        return answerOffer(match, player, { shotNumber: match.shotNumber, accept: roll < 0.2 });
      }
      const opening = match.phase === "opening";
      const whites = match.table.filter((b) => b.id !== 0).map((b) => b.id);
      const cue = opening ? match.inHand! : pick(random, whites.length > 0 ? whites : [0]);
      const targets = match.table.filter((b) => b.id !== cue).map((b) => b.id);
      const call =
        random() < 0.5 && targets.length > 0
          ? [
              {
                ball: pick(random, targets),
                pocket: pick(random, POCKET_IDS),
                way: pick(random, ["direct", "bank"] as const),
              },
            ]
          : [];
      const message = {
        shotNumber: match.shotNumber,
        stroke: {
          cue,
          angle: between(random, 0, 360),
          speed: between(random, 0.4, 6),
          offset: { x: between(random, -0.4, 0.4), y: between(random, -0.4, 0.4) },
        },
        call,
        ...(opening ? { place: { x: between(random, -1.7, -0.95), y: between(random, -0.6, 0.6) } } : {}),
      };
      const shot = playShot(match, player, message);
      // A call the rules refuse (a ball it cannot be) is the player's typo: he shoots without it.
      return shot.ok ? shot : playShot(match, player, { ...message, call: [] });
    }
    case "finished": {
      if (roll < 0.15) return stepMatch(match, { type: "leave", player: pick(random, [0, 1] as const) });
      const free = match.seats[0] === null ? 0 : match.seats[1] === null ? 1 : null;
      if (free !== null)
        return stepMatch(match, { type: "sit", player: free, name: "Next", token: `hash-next-${seed}` });
      return stepMatch(match, { type: "rematch", player: match.rematch[0] ? 1 : 0 });
    }
  }
}

/** Plays a random match from `seed`: up to `maxActions` accepted actions, or until a rematch is agreed. */
export function playRandomMatch(seed: number, maxActions = 40): RandomMatch {
  const random = seededRandom(seed);
  const opener: Opener = random() < 0.5 ? "lag" : "draw";
  const header: RecordHeader = {
    format: RECORD_FORMAT,
    matchId: `random-${seed}`,
    code: "000000",
    settings: { visibility: "private", opening: opener, shotClock: 0, seatHoldSeconds: 180, spectatorCap: 10 },
    seed,
    createdAt: 0,
  };
  let match = initialMatch(header);
  const actions: RecordedAction[] = [];
  const played: PlayedAction[] = [];
  for (let tries = 0; actions.length < maxActions && tries < maxActions * 6; tries++) {
    const step = tryStep(match, random, seed);
    if (!step.ok) continue;
    // The table stores an action as JSON and applies what it stored (server/src/rooms/live-match.ts).
    const stored = JSON.parse(JSON.stringify(step.value.action)) as MatchAction;
    const applied = stepMatch(match, stored);
    if (!applied.ok) throw new Error(`the stored form of an accepted action was refused: ${applied.error.message}`);
    const stroke = step.value.played ? { played: recordedPart(step.value.played) } : {};
    actions.push({ at: actions.length, action: stored, ...stroke });
    played.push({ before: match, step: step.value, after: applied.value.state });
    match = applied.value.state;
    if (applied.value.rematch) break;
  }
  return { header, actions, played };
}

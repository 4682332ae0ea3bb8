import { findShot, lagShot, type PlannedShot, type TableView } from "./pottable-shot.ts";
import { ballsOnTable, shelfOf, type TableClient } from "./table-client.ts";
import { eventually } from "./test-server.ts";

/**
 * Two scripted players playing a whole match over the network. Each acts only on what its own SDK client
 * received: the synced state (whose float64 positions let it simulate the server's shot exactly) and the
 * `shot` messages. Every loop is bounded in count and every wait in time.
 */

interface PlayedByBot {
  readonly number: number;
  readonly seat: 0 | 1;
  readonly planned: PlannedShot;
}

export interface ScriptedMatch {
  /** The shots the bots played, with what they expected the server to rule. */
  readonly played: PlayedByBot[];
  readonly lags: number;
}

export interface ScriptOptions {
  readonly maxShots: number;
  /** Where each seat's lag ball should come to rest, metres from the head cushion (different: no tie). */
  readonly lagTargets?: readonly [number, number];
  readonly maxLags?: number;
  readonly waitMs?: number;
  /**
   * The bots tell the server they have seen each shot at once (`seen`), as a player who skips the animation
   * does: against a server animating in real time, the next shot is then accepted without waiting.
   */
  readonly skipAnimations?: boolean;
}

/**
 * Keeps a player within the server's rate for `shot` and `answer` (a burst of 3, then one a second): with shots animated
 * at a hundredth of real time the bots would otherwise shoot faster than any person can.
 */
class Pacer {
  private tokens = SHOT_BURST;
  private last = Date.now();

  async ready(): Promise<void> {
    // The search ran in this process and held up the server's event loop, and the room's clock only advances
    // when the room ticks (every patch): let it tick before counting.
    await new Promise((resolve) => setTimeout(resolve, 60));
    const refill = () => {
      const now = Date.now();
      this.tokens = Math.min(SHOT_BURST, this.tokens + ((now - this.last) / 1000) * SHOTS_PER_SECOND);
      this.last = now;
    };
    refill();
    // The room reads a clock that advances in ticks: keep a fifth of a token in hand.
    if (this.tokens < 1 + MARGIN) {
      await new Promise((resolve) => setTimeout(resolve, ((1 + MARGIN - this.tokens) / SHOTS_PER_SECOND) * 1000));
      refill();
    }
    this.tokens -= 1;
  }
}

const SHOT_BURST = 3;
const SHOTS_PER_SECOND = 1;
const MARGIN = 0.2;

function white(state: TableClient["state"]): number[] {
  return ballsOnTable(state)
    .map((b) => b.id)
    .filter((id) => id !== 0);
}

/** The ball in hand for the opening shot: the white ball neither on the table nor on a shelf. */
export function inHand(state: TableClient["state"]): number | null {
  const placed = new Set([...white(state), ...shelfOf(state, 0), ...shelfOf(state, 1)]);
  for (let id = 1; id <= 15; id++) if (!placed.has(id)) return id;
  return null;
}

/** The table as the seat about to shoot sees it in the synced state: what the shot search reads. */
export function shooterView(state: TableClient["state"], seat: 0 | 1): TableView {
  const opening = state.phase === "opening";
  return {
    balls: ballsOnTable(state),
    shelves: [shelfOf(state, 0), shelfOf(state, 1)],
    debts: [state.players.get("0")?.debt ?? 0, state.players.get("1")?.debt ?? 0],
    seat,
    opening,
    inHand: opening ? inHand(state) : null,
  };
}

/**
 * Sends a request and waits until `done` or an error. Should a loaded machine still let the room's rate
 * limit catch the bot out, the request is sent again after a second (a few times at most); any other
 * error fails the match.
 */
async function sendOnce(client: TableClient, type: string, payload: unknown, done: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const errors = client.errors.length;
    client.send(type, payload);
    await eventually(() => client.errors.length > errors || done(), `${type} to be played`, 10_000);
    const error = client.errors[errors];
    if (!error) return;
    if (error.code !== "rate-limited") throw new Error(`${type} refused: ${JSON.stringify(error)}`);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
  }
  throw new Error(`${type} still rate-limited after 3 attempts`);
}

export async function playScriptedMatch(
  players: readonly [TableClient, TableClient],
  options: ScriptOptions,
): Promise<ScriptedMatch> {
  const [targetA, targetB] = options.lagTargets ?? [0.15, 0.4];
  const waitMs = options.waitMs ?? 10_000;
  const played: PlayedByBot[] = [];
  let lags = 0;
  const view = players[0];
  const pacers = [new Pacer(), new Pacer()] as const;
  const answerPacers = [new Pacer(), new Pacer()] as const;

  while (view.state.phase === "lag") {
    if (lags >= (options.maxLags ?? 3)) throw new Error(`no opener after ${lags} lags`);
    const before = view.shots.length;
    players[0].send("lag", lagShot(0, targetA));
    players[1].send("lag", lagShot(1, targetB));
    await eventually(() => view.shots.length > before, "the lag shot", waitMs);
    await eventually(() => !view.state.animating && view.state.shotNumber > lags + 1, "the lag to end", waitMs);
    lags++;
  }

  while (view.state.phase !== "finished") {
    if (played.length >= options.maxShots) throw new Error(`no winner after ${played.length} shots`);
    const seat = view.state.toMove as 0 | 1;
    if (seat !== 0 && seat !== 1) throw new Error(`nobody to move in phase ${view.state.phase}`);
    const me = players[seat];
    const state = me.state;
    const number = state.shotNumber;
    const _opening = state.phase === "opening";
    const planned = findShot(shooterView(state, seat));
    const request = {
      shotNumber: number,
      stroke: planned.stroke,
      call: planned.call,
      ...(planned.place ? { place: planned.place } : {}),
    };
    played.push({ number, seat, planned });
    // An offer is taken by accepting it and then shooting (the answer alone changes nothing).
    if (state.offer !== "") {
      await answerPacers[seat].ready();
      // The table announces a taken offer to everyone: until then the answer may still be refused.
      const taken = () => me.actions.some((a) => a.kind === "take" && a.shotNumber === number);
      await sendOnce(me, "answer", { shotNumber: number, accept: true }, taken);
    }
    await pacers[seat].ready();
    await sendOnce(me, "shot", request, () => players.every((p) => p.shots.some((s) => s.number === number)));
    if (options.skipAnimations) {
      await eventually(() => players.every((p) => p.state.shotNumber > number), `shot ${number} judged`, waitMs);
      for (const p of players) p.send("seen", { shotNumber: p.state.shotNumber });
    }
    await eventually(
      () => players.every((p) => !p.state.animating && p.state.shotNumber > number),
      `shot ${number} to finish animating`,
      waitMs,
    );
  }
  return { played, lags };
}

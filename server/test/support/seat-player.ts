import { type Decision, lagMessageOf, type Situation, shotMessageOf } from "@habibka/shared/computer";
import type { ComputerLevel } from "@habibka/shared/match";
import { findShot, lagShot } from "./pottable-shot.ts";
import { inHand } from "./scripted-match.ts";
import { ballsOnTable, type SyncedState, shelfOf, type TableClient } from "./table-client.ts";
import { eventually } from "./test-server.ts";

/**
 * One seat of a table played from a test's own SDK client, over the network, by a strategy: the scripted person
 * of the other tests, or the shared computer. It acts only on what its client received (the synced state, whose
 * float64 positions are the server's), sends what a player sends, and waits for the table to answer. Every loop
 * is bounded in count and every wait in time; a refusal fails the match.
 */

interface Point {
  readonly x: number;
  readonly y: number;
}

interface ShotRequest {
  readonly shotNumber: number;
  readonly stroke: { cue: number; angle: number; speed: number; offset: Point };
  readonly call: readonly { ball: number; pocket: string; way: string }[];
  readonly place?: Point;
}

export type SeatMove =
  | { readonly type: "lag"; readonly message: { place: Point; angle: number; speed: number } }
  | { readonly type: "answer"; readonly accept: boolean }
  | { readonly type: "shot"; readonly message: ShotRequest };

/** What to play in the situation the seat is in. */
export type Strategy = (situation: Situation) => Promise<readonly SeatMove[]>;

export interface SeatOptions {
  /** Moves at most, over the whole match. */
  readonly maxMoves: number;
  readonly waitMs?: number;
}

/** What the seat has to do, as the computer's situation, read from the client's synced state; null: nothing now. */
export function situationFromState(state: SyncedState, seat: 0 | 1): Situation | null {
  const base = {
    player: seat,
    shotNumber: state.shotNumber,
    table: ballsOnTable(state),
    inHand: null,
    shelves: [shelfOf(state, 0), shelfOf(state, 1)] as const,
    debts: [state.players.get("0")?.debt ?? 0, state.players.get("1")?.debt ?? 0] as const,
    offer: null,
  };
  if (state.phase === "lag") return state.lagSent[seat] ? null : { ...base, phase: "lag", table: [] };
  if (state.toMove !== seat) return null;
  if (state.phase === "opening") return { ...base, phase: "opening", inHand: inHand(state) };
  if (state.phase !== "play") return null;
  return state.offer === "" ? { ...base, phase: "turn" } : { ...base, phase: "offer", offer: state.offer as "bonus" };
}

/** Plays the seat until the match is finished; resolves with the number of moves it made. */
export async function playSeat(
  client: TableClient,
  seat: 0 | 1,
  strategy: Strategy,
  options: SeatOptions,
): Promise<number> {
  const waitMs = options.waitMs ?? 30_000;
  const toAct = () => (client.state.animating ? null : situationFromState(client.state, seat));
  let moves = 0;
  for (;;) {
    await eventually(
      () => client.state.phase === "finished" || toAct() !== null,
      () => `seat ${seat} to act (phase ${client.state.phase}, to move ${client.state.toMove})`,
      waitMs,
    );
    if (client.state.phase === "finished") return moves;
    for (const move of await strategy(toAct()!)) {
      if (++moves > options.maxMoves) throw new Error(`no finish after ${options.maxMoves} moves of seat ${seat}`);
      await sendMove(client, seat, move, waitMs);
    }
  }
}

/** Sends one move and waits until the table has taken it (or refused it, which fails the match). */
export async function sendMove(client: TableClient, seat: 0 | 1, move: SeatMove, waitMs: number): Promise<void> {
  const errors = client.errors.length;
  const s = client.state;
  const before = { number: s.shotNumber, signature: `${s.phase}|${s.toMove}|${s.offer}` };
  let taken: () => boolean;
  switch (move.type) {
    case "lag":
      client.send("lag", move.message);
      taken = () => client.state.lagSent[seat] === true || client.state.shotNumber > before.number;
      break;
    case "answer":
      client.send("answer", { shotNumber: before.number, accept: move.accept });
      taken = () => `${client.state.phase}|${client.state.toMove}|${client.state.offer}` !== before.signature;
      break;
    case "shot":
      client.send("shot", move.message);
      taken = () => client.state.shotNumber > before.number;
      break;
  }
  await eventually(() => client.errors.length > errors || taken(), `seat ${seat}'s ${move.type} to be taken`, waitMs);
  const error = client.errors[errors];
  if (error) throw new Error(`seat ${seat}'s ${move.type} refused: ${JSON.stringify(error)}`);
}

/** The scripted person of the other tests: a fixed lag, every offer taken, the surest pot its search finds. */
export function scriptedPerson(seat: 0 | 1, lagTarget = 0.15): Strategy {
  return async (situation) => {
    if (situation.phase === "lag") return [{ type: "lag", message: lagShot(seat, lagTarget) }];
    const planned = findShot({
      balls: situation.table,
      shelves: situation.shelves,
      debts: situation.debts,
      seat,
      opening: situation.phase === "opening",
      inHand: situation.inHand,
    });
    const shot: SeatMove = {
      type: "shot",
      message: {
        shotNumber: situation.shotNumber,
        stroke: planned.stroke,
        call: planned.call,
        ...(planned.place ? { place: planned.place } : {}),
      },
    };
    return situation.phase === "offer" ? [{ type: "answer", accept: true }, shot] : [shot];
  };
}

/** The shared computer at `level`, deciding in the given pool (off the event loop the server runs on). */
export function computerPlayer(
  pool: { decide(situation: Situation, level: ComputerLevel, seed: number): Promise<Decision> },
  level: ComputerLevel,
): Strategy {
  return async (situation) => {
    const decision = await pool.decide(situation, level, situation.shotNumber * 2 + situation.player);
    switch (decision.type) {
      case "lag":
        return [{ type: "lag", message: lagMessageOf(decision) }];
      case "pass":
        return [{ type: "answer", accept: false }];
      case "take":
        return [
          { type: "answer", accept: true },
          { type: "shot", message: shotMessageOf(decision.shot) },
        ];
      case "shot":
        return [{ type: "shot", message: shotMessageOf(decision) }];
    }
  };
}

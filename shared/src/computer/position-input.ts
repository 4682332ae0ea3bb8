import { z } from "zod";
import { COMPUTER_LEVELS, type ComputerLevel } from "../match/opponent.ts";
import { readUntrusted } from "../read-untrusted.ts";
import { scenarioShelves } from "../rules/scenario.ts";
import { issueLine, pathOfField } from "../sim/format-issue.ts";
import { positionSchema } from "../sim/scenario-schema.ts";
import { ballInHand, findPositionProblem } from "../sim/validate-scenario.ts";
import type { Situation } from "./situation.ts";

/**
 * The `advise` command's position: a `habibka-sim` scenario without `shot` and `call`, plus `level` and `seed`.
 * The balls and the match are the simulator's own schemas and checks, with one allowance: shelves and a table
 * that leave white balls unaccounted for are accepted, those balls being out of play (the contract's own
 * example counts 13). So every scenario the simulator accepts is a position, and its advice plays in it.
 */
export const advisePositionSchema = z.object(
  {
    ...positionSchema.shape,
    level: z.enum(COMPUTER_LEVELS, { error: 'expected "novice", "amateur" or "master"' }).default("master"),
    seed: z.int({ error: "expected an integer" }).default(1),
  },
  { error: "expected a position object {balls, match?, level?, seed?}" },
);

export interface ReadPosition {
  readonly situation: Situation;
  readonly level: ComputerLevel;
  readonly seed: number;
}

export type PositionCheck = { ok: true; position: ReadPosition } | { ok: false; message: string };

/**
 * Checks one position and turns it into the situation of player 0 (the simulator's striker). With
 * `match.opening`, the ball in hand is the white ball lying in the house (the lowest id if several do); its
 * place there is only a default, and it leaves the table for the search to place.
 */
export function readPosition(input: unknown, prefix: readonly PropertyKey[] = []): PositionCheck {
  const parsed = readUntrusted(advisePositionSchema, input);
  if (!parsed.ok) return { ok: false, message: issueLine([...prefix, ...parsed.issue.path], parsed.issue.message) };
  const { balls, match, level, seed } = parsed.value;
  const problem = findPositionProblem({ balls, match }, { outOfPlay: true });
  if (problem) return { ok: false, message: issueLine([...prefix, ...problem.path], problem.message) };
  const { shelf, debt, opening } = match ?? { shelf: [0, 0] as const, debt: [0, 0] as const, opening: false };
  const shelves = scenarioShelves(balls, shelf, { outOfPlay: true });
  if (!shelves.ok) {
    return {
      ok: false,
      message: issueLine([...prefix, ...pathOfField(shelves.error.field ?? "match.shelf")], shelves.error.message),
    };
  }
  // findPositionProblem made sure an opening has a white ball in the house to take in hand.
  const inHand = opening ? ballInHand(balls) : null;
  const table = balls.filter((b) => b.id !== inHand);
  const situation: Situation = {
    phase: opening ? "opening" : "turn",
    player: 0,
    shotNumber: 0,
    table,
    inHand,
    shelves: shelves.value,
    debts: [debt[0], debt[1]],
    offer: null,
  };
  return { ok: true, position: { situation, level, seed } };
}

import type { PlayerIndex } from "../rules/position.ts";
import { fail, ok, type RuleError } from "../rules/result.ts";
import { ACTION_TYPES, type MatchAction, type ShotRequest } from "./actions.ts";
import { applyDraw } from "./draw.ts";
import { applyExpire, applyResign } from "./endings.ts";
import type { MatchErrorCode } from "./errors.ts";
import { applyLag } from "./lag.ts";
import type { MatchState } from "./match-state.ts";
import { applyPass, applyTake } from "./offers.ts";
import { acceptsAction, MATCH_FLOW } from "./phases.ts";
import { applyLeave, applyRematch, applySit } from "./seats.ts";
import { applyClock, applyShot, type ShotSetup, setUpShot } from "./shot.ts";
import type { MatchResult, Transition } from "./transition.ts";

function isPlayer(value: unknown): value is PlayerIndex {
  return value === 0 || value === 1;
}

/** Actions only the player whose turn it is may take (the one answering, during an offer). */
const TURN_ACTIONS: ReadonlySet<MatchAction["type"]> = new Set(["shot", "take", "pass"]);

/**
 * The checks every action goes through, in boardgame.io's order: a real seat, an action this phase
 * accepts, the player whose turn it is, and the shot number it was made for.
 */
function checkAction(state: MatchState, action: MatchAction | ShotRequest): MatchResult<null> {
  if ("player" in action && !isPlayer(action.player)) {
    return fail("not-a-player", "Only players 0 and 1 can act.", "Действовать могут только игроки 0 и 1.", "player");
  }
  if (!ACTION_TYPES.includes(action.type)) {
    return fail(
      "unknown-action",
      `Unknown action ${String(action.type)}.`,
      `Неизвестное действие ${String(action.type)}.`,
      "type",
    );
  }
  if (!acceptsAction(state.phase, action.type)) {
    if (state.phase === "finished") return fail("match-over", "The match is over.", "Партия окончена.");
    return fail(
      "wrong-phase",
      `"${action.type}" is not accepted now; the ${state.phase} phase accepts: ${MATCH_FLOW[state.phase].accepts.join(", ")}.`,
      `Действие «${action.type}» сейчас недопустимо; в фазе ${state.phase} допустимо: ${MATCH_FLOW[state.phase].accepts.join(", ")}.`,
      "type",
    );
  }
  if (TURN_ACTIONS.has(action.type) && "player" in action && action.player !== state.player) {
    return fail(
      "not-your-turn",
      `It is player ${state.player}'s turn, not player ${action.player}'s.`,
      `Сейчас очередь игрока ${state.player}, а не игрока ${action.player}.`,
      "player",
    );
  }
  if ("shot" in action && action.shot !== state.shotNumber) {
    return fail(
      "stale-shot",
      `The request was made for shot ${action.shot}, but the match is at shot ${state.shotNumber}.`,
      `Запрос сделан для удара ${action.shot}, а партия уже на ударе ${state.shotNumber}.`,
      "shot",
    );
  }
  return ok(null);
}

/**
 * Checks a shot request against the match and returns what to simulate. The server calls this before
 * running the physics; `applyAction` checks the same again with the result.
 */
export function prepareShot(state: MatchState, request: ShotRequest): MatchResult<ShotSetup> {
  const checked = checkAction(state, request);
  if (!checked.ok) return checked;
  return setUpShot(state, request);
}

/**
 * The single entry point of the match: checks the action against the phase table, the seat and the shot
 * number, then applies it. A refused action returns a typed error and changes nothing.
 */
export function applyAction(state: MatchState, action: MatchAction): MatchResult<Transition> {
  const checked = checkAction(state, action);
  if (!checked.ok) return checked;
  switch (action.type) {
    case "sit":
      return applySit(state, action);
    case "leave":
      return applyLeave(state, action);
    case "lag":
      return applyLag(state, action);
    case "draw":
      return applyDraw(state, action);
    case "shot":
      return applyShot(state, action);
    case "take":
      return applyTake(state, action);
    case "pass":
      return applyPass(state, action);
    case "clock":
      return applyClock(state, action);
    case "resign":
      return applyResign(state, action);
    case "expire":
      return applyExpire(state, action);
    case "rematch":
      return applyRematch(state, action);
  }
}

function stoppedAt(index: number, action: MatchAction, error: RuleError<MatchErrorCode>): MatchResult<never> {
  const { code, message, messageRu } = error;
  return fail(code, `action ${index} (${String(action?.type)}): ${message}`, messageRu, `actions[${index}]`);
}

/** Sees each accepted action with the match before it; an error it returns stops the fold there. */
export type FoldVisitor = (index: number, before: MatchState, transition: Transition) => MatchResult<null>;

/**
 * Folds actions into a match in order: the one loop every reader of a record goes through (record.ts). The
 * first refused action, or the first error of `visit`, stops the fold, with its index in `field`; nothing is
 * thrown for a mistake in the actions.
 */
export function foldActions(
  initial: MatchState,
  actions: readonly MatchAction[],
  visit?: FoldVisitor,
): MatchResult<MatchState> {
  let state = initial;
  for (const [index, action] of actions.entries()) {
    const step = applyAction(state, action);
    if (!step.ok) return stoppedAt(index, action, step.error);
    const seen = visit?.(index, state, step.value);
    if (seen && !seen.ok) return stoppedAt(index, action, seen.error);
    state = step.value.state;
  }
  return ok(state);
}

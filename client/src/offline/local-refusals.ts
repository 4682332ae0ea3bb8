import type { MatchResult } from "@habibka/shared/match";
import { describeIssue, type ErrorMessage, type InputIssue } from "@habibka/shared/protocol";

/**
 * What a table in the page answers a refused action with: the protocol's `error` message, in the words a
 * server's table uses for the same refusal (server/src/table/refusals.ts).
 */

export function error(type: string, code: ErrorMessage["code"], message: string, messageRu: string): ErrorMessage {
  return { type, code, message, messageRu };
}

export function refusal(type: string, result: MatchResult<unknown>): ErrorMessage | undefined {
  if (result.ok) return undefined;
  const { code, message, messageRu } = result.error;
  return { type, code: code as ErrorMessage["code"], message, ...(messageRu ? { messageRu } : {}) };
}

export function badMessage(type: string, issue: InputIssue): ErrorMessage {
  return error(type, "bad-message", `${type}: ${describeIssue(issue)}`, "Неверное сообщение");
}

export function stillAnimating(type: string): ErrorMessage {
  return error(type, "animating", "the previous shot is still playing", "Предыдущий удар ещё не закончился");
}

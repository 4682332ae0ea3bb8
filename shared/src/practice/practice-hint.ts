import { decide } from "../computer/decide.ts";
import type { Decision } from "../computer/decision.ts";
import { readPosition } from "../computer/position-input.ts";
import type { ComputerLevel } from "../match/opponent.ts";
import { DEFAULT_ENGINE, type EngineName } from "../physics/engines.ts";
import type { PracticeHint, PracticeHintKind } from "../protocol/practice-messages.ts";
import type { PracticeAnswer } from "./practice-shot.ts";

/**
 * The practice table's hint (docs/PROTOCOL.md, "The practice table"): the shot the computer would choose in a
 * position, as the server's route and the page's own worker both give it. The body is the `advise` command's
 * position, read by that command's own code.
 */

const HINT_KINDS: readonly string[] = ["pot", "safety", "forced"] satisfies PracticeHintKind[];
const isHintKind = (kind: string): kind is PracticeHintKind => HINT_KINDS.includes(kind);

/** The hint a decision gives, or null when the decision is not a shot (never, for a position read as a turn). */
export function practiceHintOf(decision: Decision, level: ComputerLevel): PracticeHint | null {
  if (decision.type !== "shot" || !isHintKind(decision.kind)) return null;
  return {
    level,
    stroke: decision.intended,
    call: decision.call,
    place: decision.place ?? null,
    kind: decision.kind,
    expected: { success: decision.expected.success },
  };
}

/** A hint read, searched here on `engine` and given: what a page answers without the server. */
export function findPracticeHint(body: unknown, engine: EngineName = DEFAULT_ENGINE): PracticeAnswer<PracticeHint> {
  const read = readPosition(body);
  if (!read.ok) return read;
  const { situation, level, seed } = read.position;
  const hint = practiceHintOf(decide(situation, level, seed, engine), level);
  return hint ? { ok: true, value: hint } : { ok: false, message: "the computer gave no shot for this position" };
}

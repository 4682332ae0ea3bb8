import { DEFAULT_ENGINE, type EngineName } from "../physics/engines.ts";
import type { CalledBall } from "../rules/call.ts";
import { readBatch } from "../sim/read-batch.ts";
import type { CliOutcome } from "../sim/run-cli.ts";
import type { Point } from "../table/marks.ts";
import { decide } from "./decide.ts";
import type { DecisionKind, FullStroke } from "./decision.ts";
import { type ReadPosition, readPosition } from "./position-input.ts";

/**
 * The `advise` command's logic without the process around it: positions in, advice out as JSON text, or one
 * line naming the field at fault. Every position of a batch is checked before any is decided.
 */

/** The contract's advice object (version 1), with the stroke before the execution error as an extra field. */
interface Advice {
  version: 1;
  shot: FullStroke;
  call: CalledBall[];
  place: Point | null;
  kind: DecisionKind;
  expected: { success: number };
  stats: { candidates: number; simulations: number; wall_ms: number };
  intended: FullStroke;
}

function advise({ situation, level, seed }: ReadPosition, engine: EngineName = DEFAULT_ENGINE): Advice {
  const started = performance.now();
  const decision = decide(situation, level, seed, engine);
  const wall = performance.now() - started;
  if (decision.type !== "shot") throw new Error(`a position gave a ${decision.type} decision`);
  return {
    version: 1,
    shot: decision.stroke,
    call: [...decision.call],
    place: decision.place ?? null,
    kind: decision.kind,
    expected: { success: decision.expected.success },
    stats: { ...decision.stats, wall_ms: wall },
    intended: decision.intended,
  };
}

export function runAdvise(text: string, engine: EngineName = DEFAULT_ENGINE): CliOutcome {
  const input = readBatch(text);
  if (!input.ok) return { ok: false, code: 2, message: input.message };
  const positions: ReadPosition[] = [];
  for (const [i, item] of input.items.entries()) {
    const read = readPosition(item, input.batch ? [i] : []);
    if (!read.ok) return { ok: false, code: 2, message: read.message };
    positions.push(read.position);
  }
  try {
    const advice = positions.map((position) => advise(position, engine));
    return { ok: true, code: 0, output: JSON.stringify(input.batch ? advice : advice[0]) };
  } catch (error) {
    // A bug, not bad input: one line and no stack trace, with its own status.
    return { ok: false, code: 1, message: `internal error: ${(error as Error).message.split("\n")[0]}` };
  }
}

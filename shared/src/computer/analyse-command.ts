import { COMPUTER_LEVELS } from "../match/opponent.ts";
import { parseCliArgs } from "../sim/cli-args.ts";
import { issueLine } from "../sim/format-issue.ts";
import type { CliOutcome } from "../sim/run-cli.ts";
import { analyseMatch } from "./analyse.ts";
import { readMatchDocument } from "./match-document.ts";

/**
 * The `analyse` command's logic without the process around it (docs/rules/analyse-cli.md): its arguments
 * and one match record as `GET /api/matches/:id` serves it in, the analysis out as JSON text; a bad
 * argument or a document that is not a match record this version reads is exit 2 and one line naming it.
 */
export function runAnalyse(args: readonly string[], text: string): CliOutcome {
  const options = parseCliArgs(args, "analyse", COMPUTER_LEVELS);
  if (!options.ok) return { ok: false, code: 2, message: options.message };
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    return { ok: false, code: 2, message: issueLine([], `not valid JSON (${(error as Error).message})`) };
  }
  const read = readMatchDocument(input);
  if (!read.ok) return { ok: false, code: 2, message: read.message };
  try {
    const analysis = analyseMatch(read.matchId, read.shots, { level: options.level, engine: options.engine });
    return { ok: true, code: 0, output: JSON.stringify(analysis) };
  } catch (error) {
    // A bug, not bad input: one line and no stack trace, with its own status.
    return { ok: false, code: 1, message: `internal error: ${(error as Error).message.split("\n")[0]}` };
  }
}

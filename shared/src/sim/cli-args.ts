import { type ParseArgsOptionsConfig, parseArgs } from "node:util";
import { ENGINE_NAMES, type EngineName } from "../physics/engines.ts";

const ENGINES = ENGINE_NAMES.join("|");

/** The project's commands and what each takes besides `--engine`. */
const COMMANDS = {
  "habibka-sim": { usage: `habibka-sim [--trace] [--engine ${ENGINES}] < scenario.json`, trace: true, level: false },
  advise: { usage: `advise [--engine ${ENGINES}] < position.json`, trace: false, level: false },
  analyse: {
    usage: `analyse [--level novice|amateur|master] [--engine ${ENGINES}] < match.json`,
    trace: false,
    level: true,
  },
} as const;

export type CommandName = keyof typeof COMMANDS;

export type CliArgs<Level extends string = never> =
  | { ok: true; trace: boolean; engine: EngineName; level?: Level }
  | { ok: false; message: string };

function isEngineName(value: string): value is EngineName {
  return (ENGINE_NAMES as readonly string[]).includes(value);
}

/**
 * A command's arguments (`--engine`, and `--trace` or `--level` where it has one), or the one line to print
 * before exit 2. A command with `--level` names its levels, the last being the default (the computer's, which
 * this layer does not import).
 */
export function parseCliArgs<Level extends string = never>(
  args: readonly string[],
  command: CommandName = "habibka-sim",
  levels: readonly Level[] = [],
): CliArgs<Level> {
  const { usage, trace, level: levelled } = COMMANDS[command];
  const options: ParseArgsOptionsConfig = { engine: { type: "string" } };
  if (trace) options.trace = { type: "boolean" };
  if (levelled) options.level = { type: "string" };
  let values: { trace?: boolean; engine?: string; level?: string };
  try {
    values = parseArgs({
      args: [...args],
      options,
      strict: true,
      allowPositionals: false,
    }).values as typeof values;
  } catch (error) {
    return { ok: false, message: `arguments: ${(error as Error).message.split("\n")[0]} (usage: ${usage})` };
  }
  const engine = values.engine ?? "exact";
  if (!isEngineName(engine))
    return {
      ok: false,
      message: `--engine: expected ${ENGINE_NAMES.join(" or ")}, not ${JSON.stringify(engine)} (usage: ${usage})`,
    };
  if (!levelled) return { ok: true, trace: values.trace === true, engine };
  const level = levels.find((name) => name === (values.level ?? levels.at(-1)));
  if (level === undefined) {
    return {
      ok: false,
      message: `--level: expected ${levels.join(", ")}, not ${JSON.stringify(values.level)} (usage: ${usage})`,
    };
  }
  return { ok: true, trace: false, engine, level };
}

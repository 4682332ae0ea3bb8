import { parseArgs } from "node:util";
import { ENGINE_NAMES, type EngineName } from "../physics/engines.ts";

/** The project's two commands and what each takes besides `--engine`. */
const COMMANDS = {
  "habibka-sim": { usage: `habibka-sim [--trace] [--engine ${ENGINE_NAMES.join("|")}] < scenario.json`, trace: true },
  advise: { usage: `advise [--engine ${ENGINE_NAMES.join("|")}] < position.json`, trace: false },
} as const;

export type CommandName = keyof typeof COMMANDS;

export type CliArgs = { ok: true; trace: boolean; engine: EngineName } | { ok: false; message: string };

function isEngineName(value: string): value is EngineName {
  return (ENGINE_NAMES as readonly string[]).includes(value);
}

/** A command's arguments (`--engine`, and `--trace` where it has one), or the one line to print before exit 2. */
export function parseCliArgs(args: readonly string[], command: CommandName = "habibka-sim"): CliArgs {
  const { usage, trace } = COMMANDS[command];
  let values: { trace?: boolean; engine?: string };
  try {
    values = parseArgs({
      args: [...args],
      options: trace ? { trace: { type: "boolean" }, engine: { type: "string" } } : { engine: { type: "string" } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    return { ok: false, message: `arguments: ${(error as Error).message.split("\n")[0]} (usage: ${usage})` };
  }
  const engine = values.engine ?? "exact";
  if (!isEngineName(engine))
    return {
      ok: false,
      message: `--engine: expected ${ENGINE_NAMES.join(" or ")}, not ${JSON.stringify(engine)} (usage: ${usage})`,
    };
  return { ok: true, trace: values.trace === true, engine };
}

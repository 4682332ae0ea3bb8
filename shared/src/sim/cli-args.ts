import { parseArgs } from "node:util";
import { ENGINE_NAMES, type EngineName } from "../physics/engines.ts";

const USAGE = `usage: habibka-sim [--trace] [--engine ${ENGINE_NAMES.join("|")}] < scenario.json`;

export type CliArgs = { ok: true; trace: boolean; engine: EngineName } | { ok: false; message: string };

function isEngineName(value: string): value is EngineName {
  return (ENGINE_NAMES as readonly string[]).includes(value);
}

/** The command's arguments, or the one line to print before exiting with status 2. */
export function parseCliArgs(args: readonly string[]): CliArgs {
  let values: { trace?: boolean; engine?: string };
  try {
    values = parseArgs({
      args: [...args],
      options: { trace: { type: "boolean" }, engine: { type: "string" } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    return { ok: false, message: `arguments: ${(error as Error).message.split("\n")[0]} (${USAGE})` };
  }
  const engine = values.engine ?? "exact";
  if (!isEngineName(engine))
    return {
      ok: false,
      message: `--engine: expected ${ENGINE_NAMES.join(" or ")}, not ${JSON.stringify(engine)} (${USAGE})`,
    };
  return { ok: true, trace: values.trace === true, engine };
}

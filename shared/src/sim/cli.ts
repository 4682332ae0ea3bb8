#!/usr/bin/env node
/**
 * habibka-sim: one scenario, or a batch (an array), from standard input; the result as JSON on standard output
 * (docs/rules/sim-cli.md). Bad input: exit 2, one line on standard error naming the field, nothing on
 * standard output.
 */
import { parseArgs } from "node:util";
import { runCli } from "./run-cli.ts";

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

let trace = false;
try {
  trace =
    parseArgs({ options: { trace: { type: "boolean" } }, strict: true, allowPositionals: false }).values.trace === true;
} catch (error) {
  process.stderr.write(
    `arguments: ${(error as Error).message.split("\n")[0]} (usage: habibka-sim [--trace] < scenario.json)\n`,
  );
  process.exit(2);
}

const outcome = runCli(await readStdin(), { trace });
if (outcome.ok) process.stdout.write(`${outcome.output}\n`);
else process.stderr.write(`${outcome.message}\n`);
process.exitCode = outcome.code;

#!/usr/bin/env node
/**
 * advise: the computer player as a command. A position, or a batch (an array), on standard input; the advice as
 * JSON on standard output (docs/rules/advise-cli.md), searched on the exact engine or, with `--engine planck`, on
 * Planck.js. Bad input or arguments: exit 2, one line on standard error naming the field, nothing on standard
 * output.
 */
import { parseCliArgs } from "../sim/cli-args.ts";
import { runAdvise } from "./advise.ts";

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const args = parseCliArgs(process.argv.slice(2), "advise");
if (!args.ok) {
  process.stderr.write(`${args.message}\n`);
  process.exit(2);
}
const outcome = runAdvise(await readStdin(), args.engine);
if (outcome.ok) process.stdout.write(`${outcome.output}\n`);
else process.stderr.write(`${outcome.message}\n`);
process.exitCode = outcome.code;

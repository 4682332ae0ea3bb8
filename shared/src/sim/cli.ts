#!/usr/bin/env node
/**
 * habibka-sim: one scenario, or a batch (an array), from standard input; the result as JSON on standard output
 * (docs/rules/sim-cli.md), simulated on the exact engine or, with `--engine planck`, on Planck.js. Bad input
 * or arguments: exit 2, one line on standard error naming the field, nothing on standard output.
 */
import { parseCliArgs } from "./cli-args.ts";
import { rulesJudge } from "./rules-judge.ts";
import { runCli } from "./run-cli.ts";

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const args = parseCliArgs(process.argv.slice(2));
if (!args.ok) {
  process.stderr.write(`${args.message}\n`);
  process.exit(2);
}

const outcome = runCli(await readStdin(), { trace: args.trace, engine: args.engine, judge: rulesJudge });
if (outcome.ok) process.stdout.write(`${outcome.output}\n`);
else process.stderr.write(`${outcome.message}\n`);
process.exitCode = outcome.code;

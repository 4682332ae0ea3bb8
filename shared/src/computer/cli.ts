#!/usr/bin/env node
/**
 * advise: the computer player as a command. A position, or a batch (an array), on standard input; the advice as
 * JSON on standard output (docs/rules/advise-cli.md). Bad input: exit 2, one line on standard error naming the
 * field, nothing on standard output.
 */
import { runAdvise } from "./advise.ts";

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

if (process.argv.length > 2) {
  process.stderr.write(`arguments: advise takes none, only a position on standard input (got ${process.argv[2]})\n`);
  process.exit(2);
}
const outcome = runAdvise(await readStdin());
if (outcome.ok) process.stdout.write(`${outcome.output}\n`);
else process.stderr.write(`${outcome.message}\n`);
process.exitCode = outcome.code;

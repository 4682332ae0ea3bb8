#!/usr/bin/env node
/**
 * analyse: a played match, shot by shot, as the computer sees it (docs/rules/analyse-cli.md). One match record
 * as `GET /api/matches/:id` serves it on standard input; the analysis as JSON on standard output. Bad input or
 * arguments: exit 2, one line on standard error naming what is wrong, nothing on standard output.
 */
import { runAnalyse } from "./analyse-command.ts";

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const outcome = runAnalyse(process.argv.slice(2), await readStdin());
if (outcome.ok) process.stdout.write(`${outcome.output}\n`);
else process.stderr.write(`${outcome.message}\n`);
process.exitCode = outcome.code;

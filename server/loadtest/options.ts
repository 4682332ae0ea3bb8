import { parseArgs } from "node:util";
import type { Pace } from "./match-bot.ts";

/** What one run of `pnpm loadtest` is asked to do, read from its arguments and checked against its bounds. */
export interface LoadOptions {
  readonly url: string;
  readonly port: number;
  readonly matches: number;
  readonly spectators: number;
  /** New tables a second during the ramp. */
  readonly rate: number;
  readonly holdSeconds: number;
  readonly soak: boolean;
  readonly think: readonly [number, number];
  readonly pace: Pace;
  readonly visibility: "public" | "private";
  readonly addresses: boolean;
  readonly json: boolean;
  readonly seed: number;
  /** The load generator's threads the bots are spread over (each with a heap and an event loop of its own). */
  readonly threads: number;
}

/** Every run is bounded in count and in time: it stops by itself. */
const LIMITS = {
  matches: 10_000,
  spectators: 10,
  holdSeconds: 3_600,
  soakMinutes: 240,
  rate: 500,
  threads: 16,
} as const;

/**
 * Matches a thread of the generator plays by default. A thread's heap grows by about 0.4 MB a match (the SDK
 * keeps each connection's decoded state and schema), and its collector's pauses with it: at 3,000 matches in
 * one heap they reached 0.43 s. More threads than the box has cores, though, take the cores from the server
 * they measure: at 3,000 matches two threads did better than six (p99 49 ms against 112).
 */
const MATCHES_PER_THREAD = 1_500;
const MAX_DEFAULT_THREADS = 4;

const USAGE =
  "usage: pnpm loadtest [--url http://127.0.0.1:2567] [--matches 10] [--spectators 1] [--rate TABLES_PER_S | --ramp S] " +
  "[--hold 30 | --soak MINUTES] [--pace person|quick] [--think 3-6] [--private] [--no-addresses] [--json] [--seed 1] " +
  "[--threads N]";

function usage(message: string): never {
  process.stderr.write(`loadtest: ${message}\n${USAGE}\n`);
  process.exit(2);
}

export function readOptions(args: readonly string[] = process.argv.slice(2)): LoadOptions {
  let parsed: ReturnType<typeof parse>;
  function parse() {
    return parseArgs({
      args: [...args],
      options: {
        url: { type: "string", default: "http://127.0.0.1:2567" },
        matches: { type: "string", default: "10" },
        spectators: { type: "string", default: "1" },
        rate: { type: "string" },
        ramp: { type: "string" },
        hold: { type: "string", default: "30" },
        soak: { type: "string" },
        think: { type: "string", default: "3-6" },
        pace: { type: "string", default: "person" },
        private: { type: "boolean", default: false },
        addresses: { type: "boolean", default: true },
        json: { type: "boolean", default: false },
        seed: { type: "string", default: "1" },
        threads: { type: "string" },
      },
      allowNegative: true,
      strict: true,
    });
  }
  try {
    parsed = parse();
  } catch (error) {
    usage((error as Error).message.split("\n")[0]!);
  }
  const v = parsed.values;
  const number = (name: string, value: string, max: number, min = 0) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < min || n > max) usage(`--${name} must be a number from ${min} to ${max}`);
    return n;
  };
  const url = new URL(v.url!);
  if (url.protocol !== "http:" && url.protocol !== "https:") usage("--url must be an http(s) address");
  const think = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(v.think!);
  if (!think || Number(think[1]) > Number(think[2])) usage("--think is MIN-MAX seconds, e.g. 3-6");
  if (v.pace !== "person" && v.pace !== "quick") usage("--pace is person (the whole animation watched) or quick");
  if (v.rate !== undefined && v.ramp !== undefined) usage("--rate and --ramp say the same thing: give one");
  const matches = Math.round(number("matches", v.matches!, LIMITS.matches, 1));
  // Ten seconds of ramp by default, as before --rate existed; --ramp 0 starts them all at once.
  const rampSeconds = v.ramp === undefined ? null : number("ramp", v.ramp, LIMITS.holdSeconds);
  const rate =
    v.rate !== undefined
      ? number("rate", v.rate, LIMITS.rate, 0.1)
      : rampSeconds === 0
        ? LIMITS.rate
        : matches / (rampSeconds ?? 10);
  const soakMinutes = v.soak === undefined ? null : number("soak", v.soak, LIMITS.soakMinutes, 1);
  return {
    url: url.origin,
    port: Number(url.port || (url.protocol === "https:" ? 443 : 80)),
    matches,
    spectators: Math.round(number("spectators", v.spectators!, LIMITS.spectators)),
    rate,
    holdSeconds: soakMinutes === null ? number("hold", v.hold!, LIMITS.holdSeconds) : soakMinutes * 60,
    soak: soakMinutes !== null,
    think: [Number(think![1]), Number(think![2])] as const,
    pace: v.pace,
    visibility: v.private ? "private" : "public",
    addresses: v.addresses === true,
    json: v.json === true,
    seed: Math.round(number("seed", v.seed!, 2 ** 31)),
    threads:
      v.threads === undefined
        ? Math.min(MAX_DEFAULT_THREADS, Math.ceil(matches / MATCHES_PER_THREAD))
        : Math.round(number("threads", v.threads, LIMITS.threads, 1)),
  };
}

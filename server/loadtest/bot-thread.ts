import { monitorEventLoopDelay } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";
import { seededRandom } from "@habibka/shared";
import { type BotFigures, MatchBot } from "./match-bot.ts";
import type { LoadOptions } from "./options.ts";

/**
 * One of the load generator's threads: it ramps up its share of the matches at its share of the rate and
 * plays them until told to finish. Each thread has a heap of its own: thousands of SDK connections in one
 * heap made the generator's collector stop its event loop for a third of a second, and the answers that
 * waited unread meanwhile were counted as the server's latency.
 *
 * To the main thread it posts, in batches, what the bots measure and count (`Report`); the main thread
 * decides which stretch of the run (the ramp or the hold) they belong to.
 */

export interface ThreadData {
  readonly options: LoadOptions;
  /** This thread's place among the generator's threads (its addresses and its random numbers are its own). */
  readonly thread: number;
  readonly threads: number;
}

/** What a thread tells the main thread. */
export type Report =
  | {
      readonly type: "figures";
      readonly atShooter: number[];
      readonly atSpectator: number[];
      readonly counts: [string, number][];
      /** The thread's longest event-loop stall since its last report, ms: its answers waited unread meanwhile. */
      readonly stallMs: number;
    }
  | { readonly type: "joined" }
  | { readonly type: "refused"; readonly reason: string }
  | { readonly type: "ramped" }
  | { readonly type: "done"; readonly unanswered: number };

/** What the main thread tells a thread: the hold is over. */
export type Order = { readonly type: "finish" };

/** How often the figures gathered go to the main thread. */
const REPORT_EVERY_MS = 250;
/** Each thread's connections take their made-up addresses from a block of their own. */
const ADDRESSES_PER_THREAD = 1 << 20;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Why a join failed, as one short line without the table's code or the address (so that alike ones add up). */
function refusalReason(error: unknown): string {
  const { name, message, code } =
    error instanceof Error
      ? (error as Error & { code?: unknown })
      : { name: "", message: String(error), code: undefined };
  const said = message || `${name}${code === undefined ? "" : ` ${String(code)}`}` || "no reason given";
  return said
    .replace(/\b[A-Z0-9]{4,}\b/g, "…")
    .replace(/\d+(\.\d+)*/g, "N")
    .slice(0, 80);
}

/** The figures the bots add to, gathered here until the next report. */
class Gathered {
  atShooter: number[] = [];
  atSpectator: number[] = [];
  counts = new Map<string, number>();

  figures(): BotFigures {
    return {
      atShooter: { add: (ms: number) => this.atShooter.push(ms) },
      atSpectator: { add: (ms: number) => this.atSpectator.push(ms) },
      counters: { add: (name: string, by = 1) => this.counts.set(name, (this.counts.get(name) ?? 0) + by) },
    };
  }

  take(stallMs: number): Report {
    const report: Report = {
      type: "figures",
      atShooter: this.atShooter,
      atSpectator: this.atSpectator,
      counts: [...this.counts],
      stallMs,
    };
    this.atShooter = [];
    this.atSpectator = [];
    this.counts = new Map();
    return report;
  }
}

async function run(port: NonNullable<typeof parentPort>, { options, thread, threads }: ThreadData): Promise<void> {
  const post = (report: Report) => port.postMessage(report);
  const gathered = new Gathered();
  const figures = gathered.figures();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const flush = () => {
    post(gathered.take(Math.round(loop.max / 1e5) / 10));
    loop.reset();
  };
  const reporting = setInterval(flush, REPORT_EVERY_MS);
  const random = seededRandom(options.seed + thread);
  let connections = thread * ADDRESSES_PER_THREAD;
  const nextAddress = options.addresses
    ? () => {
        connections++;
        return `10.${(connections >> 16) & 255}.${(connections >> 8) & 255}.${connections & 255}`;
      }
    : null;
  // This thread's share: the matches dealt round the threads, at the rate shared between them.
  const matches = Math.floor(options.matches / threads) + (thread < options.matches % threads ? 1 : 0);
  const rate = options.rate / threads;
  const finished = new Promise<void>((resolve) =>
    port.once("message", (order: Order) => order.type === "finish" && resolve()),
  );

  const bots: MatchBot[] = [];
  const arrivals: Promise<void>[] = [];
  const startedAt = performance.now();
  for (let i = 0; i < matches; i++) {
    const bot = new MatchBot(
      { ...options, nextAddress, random: seededRandom(Math.floor(random() * 2 ** 31)) },
      figures,
    );
    arrivals.push(
      bot.join().then(
        () => {
          bots.push(bot);
          bot.play();
          post({ type: "joined" });
        },
        (error: unknown) => {
          post({ type: "refused", reason: refusalReason(error) });
          void bot.stop();
        },
      ),
    );
    await wait(startedAt + ((i + 1) * 1000) / rate - performance.now());
  }
  await Promise.all(arrivals);
  post({ type: "ramped" });

  await finished;
  // The hold's stalls end here: closing thousands of connections below stalls this thread too, which is
  // the test's own ending and not the load it measures.
  flush();
  loop.disable();
  // Shots sent just before the end are waited for (a while), then everyone leaves.
  await Promise.race([Promise.all(bots.map((bot) => bot.finish())), wait(10_000)]);
  await Promise.race([Promise.all(bots.map((bot) => bot.stop())), wait(10_000)]);
  clearInterval(reporting);
  post(gathered.take(0));
  post({ type: "done", unanswered: bots.reduce((n, bot) => n + bot.unanswered(), 0) });
}

if (parentPort) await run(parentPort, workerData as ThreadData);

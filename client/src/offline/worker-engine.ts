import { type Remote, wrap } from "comlink";
import type { LocalEngine } from "./local-engine.ts";

/**
 * The page's worker, started on first use and kept for the page's life: one simulator and one computer for
 * the practice table and a table against the computer alike. Vite builds the worker as a chunk of its own,
 * outside the first download; the service worker precaches it, so it starts without the network.
 */
let engine: Remote<LocalEngine> | null = null;

export function workerEngine(): Remote<LocalEngine> {
  engine ??= wrap<LocalEngine>(
    new Worker(new URL("./engine-worker.ts", import.meta.url), { type: "module", name: "habibka-engine" }),
  );
  return engine;
}

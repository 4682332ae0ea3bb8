import type { EngineName } from "@habibka/shared/physics";
import type { OfflineMatchUpload } from "@habibka/shared/protocol";
import { Piscina } from "piscina";
import type { Replay } from "./replay-offline-match.ts";

/**
 * Offline matches played again in a worker thread of their own, never on the event loop the tables share: a
 * long match is a thousand strokes simulated and judged, seconds of a core. One thread, started when the
 * first match comes and ended when none has come for a while; the route admits only a few at once
 * (OFFLINE_MATCHES_AT_ONCE), so the queue here stays short.
 */
export class OfflineVerifier {
  readonly #pool: Piscina;
  readonly #engine: EngineName;

  constructor(engine: EngineName) {
    this.#engine = engine;
    this.#pool = new Piscina({
      filename: new URL("./offline-match-worker.ts", import.meta.url).href,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 60_000,
    });
  }

  /** The upload played again on the server's engine, for `account`. */
  replay(upload: OfflineMatchUpload, account: string): Promise<Replay> {
    return this.#pool.run({ upload, engine: this.#engine, account }) as Promise<Replay>;
  }

  close(): Promise<void> {
    return this.#pool.destroy();
  }
}

import type { HttpErrorCode } from "@habibka/shared/protocol";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * What an operator watches of a game process (docs/OPERATIONS.md, "Metrics"), in Prometheus's text format
 * at `GET /metrics` (metrics-route.ts): how long a shot takes from its message to its broadcast, how many
 * are played, the tables and connections held, how long a record's write takes, the physics thread's queue,
 * the joins refused and why, what the heap keeps alive, and Node's own figures (CPU, memory, event-loop lag, garbage collection). One
 * registry per game server, so that nothing is process-global and every worker of a box reports itself.
 */

/**
 * Why a join was refused: the front door's and matchmaking's codes (docs/PROTOCOL.md), or its WebSocket
 * arriving after its seat's reservation ran out (or at a process that does not hold the table).
 */
export type JoinRefusal = HttpErrorCode | "reservation-expired";

export interface MetricSources {
  /** The tables this process holds now. */
  readonly tables: () => number;
  /** The WebSocket connections open now. */
  readonly connections: () => number;
  /** Shots handed to the physics thread and not yet back. */
  readonly physicsQueue: () => number;
  /** V8's old generation in use after its last full collection, bytes; null before the first (live-heap.ts). */
  readonly liveHeapBytes: () => number | null;
}

/** Shot latencies from a millisecond to several seconds: the goal is a p99 under 100 ms. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export class GameMetrics {
  readonly registry = new Registry();
  private readonly shotLatency: Histogram;
  private readonly shots: Counter<"kind">;
  private readonly recordWrites: Histogram;
  private readonly refusedJoins: Counter<"reason">;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    this.shotLatency = new Histogram({
      name: "habibka_shot_broadcast_seconds",
      help: "From a shot's (or the lag's) message received to its broadcast sent: simulated, judged, recorded",
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.shots = new Counter({
      name: "habibka_shots_total",
      help: "Strokes broadcast, by kind: shot, lag, clock (a shot clock that ran out)",
      labelNames: ["kind"],
      registers,
    });
    this.recordWrites = new Histogram({
      name: "habibka_record_write_seconds",
      help: "From an action handed to the match records to its transaction durable (the group commit included)",
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.refusedJoins = new Counter({
      name: "habibka_joins_refused_total",
      help: "Creating, joining or reconnecting refused, by reason (the refusal's code)",
      labelNames: ["reason"],
      registers,
    });
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    gauge("habibka_tables", "Tables held by this process", sources.tables);
    gauge("habibka_connections", "WebSocket connections open to this process", sources.connections);
    gauge("habibka_physics_queue", "Shots waiting for or in the physics thread", sources.physicsQueue);
    gauge(
      "habibka_heap_live_bytes",
      "V8's old generation in use right after its last full collection (NaN before the first): rising under a steady load is a leak",
      () => sources.liveHeapBytes() ?? Number.NaN,
    );
  }

  /** A stroke was broadcast; `ms` from its message received, when a message started it (not a clock). */
  shotBroadcast(kind: string, ms: number | null): void {
    this.shots.inc({ kind });
    if (ms !== null) this.shotLatency.observe(ms / 1000);
  }

  recordWritten(ms: number): void {
    this.recordWrites.observe(ms / 1000);
  }

  joinRefused(reason: JoinRefusal): void {
    this.refusedJoins.inc({ reason });
  }

  /** The text Prometheus scrapes, and its content type. */
  async exposition(): Promise<{ readonly contentType: string; readonly text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}

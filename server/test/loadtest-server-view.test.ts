import { describe, expect, it } from "vitest";
import { liveHeapTrend } from "../loadtest/report.ts";
import { listenOverflowsIn } from "../loadtest/server-usage.ts";
import { broadcastsBetween, readBroadcastBuckets } from "../loadtest/server-watch.ts";

/** An exposition as prom-client writes it, for one process. */
function exposition(counts: readonly number[]): string {
  const bounds = ["0.001", "0.0025", "0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1", "2.5", "5", "+Inf"];
  return [
    "# HELP habibka_shot_broadcast_seconds From a shot's message received to its broadcast sent",
    "# TYPE habibka_shot_broadcast_seconds histogram",
    ...bounds.map((le, i) => `habibka_shot_broadcast_seconds_bucket{le="${le}"} ${counts[i] ?? counts.at(-1)}`),
    `habibka_shot_broadcast_seconds_sum 1.5`,
    `habibka_shot_broadcast_seconds_count ${counts.at(-1)}`,
    `habibka_shots_total{kind="shot"} ${counts.at(-1)}`,
  ].join("\n");
}

describe("the load test's reading of the server's own broadcast times", () => {
  it("sums the processes' buckets and ignores every other line", () => {
    const one = exposition([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const buckets = readBroadcastBuckets(`${one}\n${one}`);
    expect(buckets.get(0.001)).toBe(0);
    expect(buckets.get(0.1)).toBe(12);
    expect(buckets.get(Number.POSITIVE_INFINITY)).toBe(24);
    expect(buckets.size).toBe(13);
  });

  it("says how the strokes between two readings were spread, and under which bound the 99th falls", () => {
    const before = readBroadcastBuckets(exposition([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    // 1,000 strokes: 900 within 25 ms, 985 within 100 ms, 995 within 250 ms, the rest within 1 s.
    const after = readBroadcastBuckets(exposition([0, 100, 500, 800, 900, 950, 985, 995, 995, 1000, 1000, 1000, 1000]));
    expect(broadcastsBetween(before, after)).toEqual({
      strokes: 1000,
      percentWithin25Ms: 90,
      percentWithin100Ms: 98.5,
      p99AtMostMs: 250,
    });
    // Only what happened between the readings counts.
    expect(broadcastsBetween(after, after)).toEqual({
      strokes: 0,
      percentWithin25Ms: null,
      percentWithin100Ms: null,
      p99AtMostMs: null,
    });
  });
});

describe("the load test's reading of the kernel's turned-away connections", () => {
  const netstat = [
    "TcpExt: SyncookiesSent SyncookiesRecv ListenOverflows ListenDrops TCPSynRetrans",
    "TcpExt: 0 0 11145 11145 7239",
    "IpExt: InNoRoutes InTruncatedPkts",
    "IpExt: 0 0",
  ].join("\n");

  it("reads ListenOverflows from the TcpExt counters", () => {
    expect(listenOverflowsIn(netstat)).toBe(11145);
  });

  it("says nothing rather than a wrong number when the counter is missing or not a count", () => {
    expect(listenOverflowsIn("IpExt: InNoRoutes\nIpExt: 0")).toBeNull();
    expect(listenOverflowsIn("TcpExt: SyncookiesSent ListenDrops\nTcpExt: 0 3")).toBeNull();
    expect(listenOverflowsIn("TcpExt: ListenOverflows\nTcpExt: many")).toBeNull();
    expect(listenOverflowsIn("TcpExt: SyncookiesSent ListenOverflows\n")).toBeNull();
  });
});

describe("the soak's reading of what the server keeps alive", () => {
  const minute = (m: number, liveHeapMb: number | null, fullCollections: number) => ({
    minute: m,
    rssMb: 1000 + m,
    liveHeapMb,
    fullCollections,
  });

  it("compares the first reading after a full collection with the last after a later one", () => {
    const minutes = [
      minute(0, null, 0),
      minute(1, 300, 1),
      minute(2, 300, 1),
      minute(3, 306, 2),
      minute(4, 302, 3),
      // No further collection: minute 4's reading again, which counts as of minute 4.
      minute(5, 302, 3),
    ];
    expect(liveHeapTrend(minutes)).toEqual({
      first: { minute: 1, mb: 300 },
      last: { minute: 4, mb: 302 },
      fullCollections: 2,
      mbPerHour: 40,
    });
  });

  it("says nothing without two full collections to compare", () => {
    expect(liveHeapTrend([])).toBeNull();
    expect(liveHeapTrend([minute(0, null, 0), minute(1, null, 0)])).toBeNull();
    expect(liveHeapTrend([minute(0, 300, 1), minute(1, 300, 1), minute(2, 300, 1)])).toBeNull();
  });
});

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS } from "../src/rate-limits.ts";
import { expectJsonError, post, send } from "./support/http-client.ts";
import { lagShot } from "./support/pottable-shot.ts";
import { joinTable, leaveAll, seatedPair, type TableClient } from "./support/table-client.ts";
import { eventually, type RunningServer, startTestServer } from "./support/test-server.ts";

/** One sample's value from Prometheus's text format: `name{labels} value`, or null when it is not there. */
function sample(text: string, name: string): number | null {
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return line === undefined ? null : Number(line.slice(name.length + 1));
}

async function metricsText(url: string): Promise<string> {
  const answer = await send(url, { path: "/metrics" });
  expect(answer.status).toBe(200);
  expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.body;
}

describe("GET /metrics — what an operator watches", () => {
  let running: RunningServer;
  let a: TableClient;
  let b: TableClient;
  let watcher: TableClient;

  beforeAll(async () => {
    running = await startTestServer({ seed: () => 77, animationScale: 0.01 });
    let code: string;
    ({ a, b, code } = await seatedPair(running.httpUrl));
    watcher = await joinTable(running.httpUrl, code, { name: "Зритель" });
  });
  afterAll(async () => {
    await leaveAll(a, b, watcher);
    await running.stop();
  });

  it("counts a lag played, its latency, its records' writes, the table and its three connections", async () => {
    const before = await metricsText(running.httpUrl);
    expect(sample(before, 'habibka_shots_total{kind="lag"}')).toBeNull();
    a.send("lag", lagShot(0, 0.15));
    b.send("lag", lagShot(1, 0.4));
    await eventually(() => watcher.shots.length === 1, "the lag at the spectator");

    const text = await metricsText(running.httpUrl);
    expect(sample(text, 'habibka_shots_total{kind="lag"}')).toBe(1);
    expect(sample(text, "habibka_shot_broadcast_seconds_count")).toBe(1);
    // Simulated, judged and recorded: some time, and well under the histogram's last bucket.
    expect(sample(text, "habibka_shot_broadcast_seconds_sum")).toBeGreaterThan(0);
    expect(sample(text, 'habibka_shot_broadcast_seconds_bucket{le="+Inf"}')).toBe(1);
    expect(sample(text, "habibka_tables")).toBe(1);
    expect(sample(text, "habibka_connections")).toBe(3);
    expect(sample(text, "habibka_physics_queue")).toBe(0);
    // Both sits, both lag shots and the lag's result were each durable before anyone heard of them.
    expect(sample(text, "habibka_record_write_seconds_count")).toBeGreaterThanOrEqual(
      (sample(before, "habibka_record_write_seconds_count") ?? 0) + 1,
    );
    // Node's own figures, among them the event loop's longest lag since the last scrape and the CPU.
    expect(sample(text, "nodejs_eventloop_lag_max_seconds")).toBeGreaterThanOrEqual(0);
    // What the heap keeps alive: NaN until the process's first full collection, then its bytes.
    const live = sample(text, "habibka_heap_live_bytes");
    expect(live).not.toBeNull();
    expect(Number.isNaN(live) || (live ?? 0) > 0).toBe(true);
    expect(sample(text, "process_cpu_seconds_total")).toBeGreaterThan(0);
  });

  it("counts joins refused by their code, and a table's WebSocket that came without a reservation", async () => {
    await post(running.httpUrl, "/matchmake/joinById/999999", { name: "Nobody" });
    await post(running.httpUrl, "/matchmake/create/habibka", { name: "", visibility: "sideways" });
    // A socket to the table with a session that has no seat reserved: Colyseus closes it at once.
    const late = new WebSocket(`ws://127.0.0.1:${running.port}/process/${watcher.room.roomId}?sessionId=none`);
    await new Promise((resolve) => late.addEventListener("close", resolve));

    const text = await metricsText(running.httpUrl);
    expect(sample(text, 'habibka_joins_refused_total{reason="no-such-table"}')).toBe(1);
    expect(sample(text, 'habibka_joins_refused_total{reason="bad-options"}')).toBe(1);
    expect(sample(text, 'habibka_joins_refused_total{reason="reservation-expired"}')).toBe(1);
  });
});

describe("GET /metrics — who may read it, and how often", () => {
  let proxied: RunningServer;
  let guarded: RunningServer;
  let limited: RunningServer;
  const token = "a-long-enough-metrics-token";

  beforeAll(async () => {
    [proxied, guarded, limited] = await Promise.all([
      startTestServer({ trustProxy: true }),
      startTestServer({ metricsToken: token }),
      startTestServer({ rateLimits: DEFAULT_RATE_LIMITS }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([proxied.stop(), guarded.stop(), limited.stop()]);
  });

  it("is refused to a player behind the proxy, and served to this machine, without a token", async () => {
    expectJsonError(
      await send(proxied.httpUrl, { path: "/metrics", headers: { "X-Real-IP": "203.0.113.9" } }),
      403,
      "forbidden",
    );
    // Any address of the loopback network is this machine.
    expect((await send(proxied.httpUrl, { path: "/metrics", from: "127.0.0.3" })).status).toBe(200);
  });

  it("with METRICS_TOKEN, is served only to whoever presents it, this machine included", async () => {
    expectJsonError(await send(guarded.httpUrl, { path: "/metrics" }), 403, "forbidden");
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), async (guess) => {
        fc.pre(guess !== token);
        const answer = await send(guarded.httpUrl, { path: "/metrics", headers: { Authorization: `Bearer ${guess}` } });
        expectJsonError(answer, 403, "forbidden");
      }),
      { numRuns: 25 },
    );
    const answer = await send(guarded.httpUrl, { path: "/metrics", headers: { Authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(/^# HELP /m);
  });

  it("answers an address at most its allowance in a window, then 429 with when to come back", async () => {
    const { points } = DEFAULT_RATE_LIMITS.address.metrics;
    for (let i = 0; i < points; i++) expect((await send(limited.httpUrl, { path: "/metrics" })).status).toBe(200);
    const refused = await send(limited.httpUrl, { path: "/metrics" });
    expectJsonError(refused, 429, "rate-limited");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});

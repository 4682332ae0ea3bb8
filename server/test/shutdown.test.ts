import { describe, expect, it } from "vitest";
import { joinTable, seatedPair } from "./support/table-client.ts";
import { eventually, startTestServer } from "./support/test-server.ts";

describe("server shutdown", () => {
  it("closes every table's connections with 4100 (restarting, come back), not 4000 or 4001", async () => {
    const running = await startTestServer({ seed: () => 1, animationScale: 0.01 });
    const { a, b, code } = await seatedPair(running.httpUrl);
    const watcher = await joinTable(running.httpUrl, code, { name: "Watcher" });
    await running.stop();
    await eventually(() => [a, b, watcher].every((c) => c.leaves.length > 0), "every connection closed");
    for (const client of [a, b, watcher]) {
      expect(client.leaves).toEqual([4100]);
      expect(client.drops).toEqual([]);
    }
  });
});

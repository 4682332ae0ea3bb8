// What a hostile visitor costs the server, measured over loopback against the real game server with
// production limits (bar the per-address allowances, since every connection here is 127.0.0.1):
//  1. the log's growth while 20 spectators flood a table with chat lines no schema can read
//     (`{"text": {"length": {"toString": 1}}}`) at 9 a second each;
//  2. how long requests that declare a body and never send it are held open.
// Run: node bench/hostile-visitor.bench.ts [--seconds 10] [--stalls 50]
import { connect } from "node:net";
import { parseArgs } from "node:util";
import { createLogger } from "../server/src/logger.ts";
import { joinTable, leaveAll, seatedPair, type TableClient } from "../server/test/support/table-client.ts";
import { startTestServer, TEST_RATE_LIMITS } from "../server/test/support/test-server.ts";

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "10" }, stalls: { type: "string", default: "50" } },
});
const floodSeconds = Number(values.seconds);
const stalls = Number(values.stalls);

let logBytes = 0;
let logLines = 0;
const logger = createLogger("info", {
  write(line: string) {
    logBytes += Buffer.byteLength(line);
    logLines++;
  },
});

const running = await startTestServer({ logger, rateLimits: TEST_RATE_LIMITS });
const { a, b, code } = await seatedPair(running.httpUrl);

// 1. The flood.
const spectators: TableClient[] = [];
for (let i = 0; i < 20; i++)
  spectators.push(await joinTable(running.httpUrl, code, { name: `Flood${i}`, watch: true }));
const bytesBefore = logBytes;
const linesBefore = logLines;
let sent = 0;
const started = Date.now();
const flood = setInterval(() => {
  for (const spectator of spectators) {
    if (spectator.leaves.length > 0) continue;
    spectator.send("chat", { text: { length: { toString: 1 } } });
    sent++;
  }
}, 1000 / 9);
await new Promise((resolve) => setTimeout(resolve, floodSeconds * 1000));
clearInterval(flood);
const elapsed = (Date.now() - started) / 1000;
const closed = spectators.filter((s) => s.leaves.length > 0).length;
const written = logBytes - bytesBefore;
console.log(
  `flood: ${sent} unreadable chat lines from 20 spectators in ${elapsed.toFixed(1)} s; ` +
    `${closed} of 20 connections closed for cause; the log grew ${written} bytes in ${logLines - linesBefore} lines ` +
    `(${(written / elapsed).toFixed(0)} B/s)`,
);

// 2. Bodies that never arrive.
const holds = await Promise.all(
  Array.from(
    { length: stalls },
    () =>
      new Promise<number>((resolve) => {
        const opened = Date.now();
        const socket = connect(running.port, "127.0.0.1");
        socket.on("error", () => undefined);
        socket.resume();
        socket.on("close", () => resolve(Date.now() - opened));
        socket.write(
          "POST /matchmake/create/habibka HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
            'Content-Length: 100\r\n\r\n{"name":"A',
        );
      }),
  ),
);
holds.sort((x, y) => x - y);
const at = (q: number) => holds[Math.min(holds.length - 1, Math.floor(q * holds.length))]!;
console.log(
  `stalled bodies: ${stalls} requests declaring 100 bytes and sending 10, held ` +
    `min ${(at(0) / 1000).toFixed(1)} s, median ${(at(0.5) / 1000).toFixed(1)} s, max ${(at(1) / 1000).toFixed(1)} s before the server cut them`,
);

await leaveAll(a, b, ...spectators);
await running.stop();
process.exit(0);

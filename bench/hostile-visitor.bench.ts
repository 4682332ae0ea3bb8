// What a hostile visitor costs the server, measured over loopback against the real game server with
// production limits (bar the per-address allowances, since every connection here is 127.0.0.1):
//  1. the log's growth while 20 spectators flood a table with chat lines no schema can read
//     (`{"text": {"length": {"toString": 1}}}`) at 9 a second each;
//  2. how long requests that declare a body and never send it are held open;
//  3. tables left behind: public tables with an hour's seat hold, created from 10 addresses by creators who
//     never come to them (how many the server takes, how many the lobby still lists, when they are gone).
// Run: node bench/hostile-visitor.bench.ts [--seconds 10] [--stalls 50] [--ghosts 200]
import { request } from "node:http";
import { connect } from "node:net";
import { parseArgs } from "node:util";
import { createLogger } from "@habibka/server/logger";
import { DEFAULT_RATE_LIMITS } from "@habibka/server/rate-limits";
import { watchLobby } from "@habibka/server/testing/lobby-client";
import { createTable, joinTable, leaveAll, seatedPair, type TableClient } from "@habibka/server/testing/table-client";
import { startTestServer, TEST_RATE_LIMITS } from "@habibka/server/testing/test-server";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    stalls: { type: "string", default: "50" },
    ghosts: { type: "string", default: "200" },
  },
});
const floodSeconds = Number(values.seconds);
const stalls = Number(values.stalls);
const ghosts = Number(values.ghosts);

let logBytes = 0;
let logLines = 0;
const logger = createLogger("info", {
  write(line: string) {
    logBytes += Buffer.byteLength(line);
    logLines++;
  },
});

// The production limit on tables waiting per address: the ghosts come from ten addresses.
const rateLimits = { ...TEST_RATE_LIMITS, waitingTables: DEFAULT_RATE_LIMITS.waitingTables };
const running = await startTestServer({ logger, rateLimits });
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

// 3. Tables left behind.
/** A create over HTTP from one loopback address: the seat reservation, or null when refused. */
function createFrom(address: string): Promise<Record<string, unknown> | null> {
  return new Promise((resolve, reject) => {
    const req = request(new URL("/matchmake/create/habibka", running.httpUrl), {
      method: "POST",
      localAddress: address,
      headers: { "Content-Type": "application/json" },
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve(res.statusCode === 200 ? JSON.parse(Buffer.concat(chunks).toString()) : null));
    });
    req.on("error", reject);
    req.end(JSON.stringify({ name: "Ghost", seatHoldSeconds: 3600 }));
  });
}
if (ghosts > 0) {
  const lobby = await watchLobby(running.httpUrl);
  const codes: string[] = [];
  let refused = 0;
  for (let i = 0; i < ghosts; i++) {
    const reservation = await createFrom(`127.0.0.${10 + (i % 10)}`);
    if (!reservation) {
      refused++;
      continue;
    }
    codes.push((reservation as { roomId: string }).roomId);
  }
  const leftAt = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  const listed = codes.filter((code) => lobby.listed.has(code)).length;
  const open = async () => ((await (await fetch(`${running.httpUrl}/healthz`)).json()) as { rooms: number }).rooms;
  const baseline = 2; // the lobby and the seated pair's table
  while ((await open()) > baseline && Date.now() - leftAt < 300_000) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const gone = (Date.now() - leftAt) / 1000;
  const neverCame = codes.length;
  // Created over a socket and left at once: the seat is held for its creator, but for two minutes at most.
  const left: string[] = [];
  for (let i = 0; i < 10; i++) {
    const creator = await createTable(running.httpUrl, { name: "Ghost", seatHoldSeconds: 3600 });
    left.push(creator.room.roomId);
    await creator.leave();
  }
  const leftTogether = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const listedAfterLeaving = left.filter((code) => lobby.listed.has(code)).length;
  while ((await open()) > baseline && Date.now() - leftTogether < 300_000) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  console.log(
    `tables left at once: 10 public tables with a 3600 s seat hold, joined and left by their creators: ` +
      `${listedAfterLeaving} listed 1 s later; all closed ${((Date.now() - leftTogether) / 1000).toFixed(0)} s after they were left`,
  );
  console.log(
    `tables never come to: ${ghosts} public tables with a 3600 s seat hold from 10 addresses: ${neverCame} taken, ` +
      `${refused} refused (too many waiting); 15 s later ${listed} were listed ` +
      `in the lobby; all of them closed ${gone.toFixed(0)} s after they were left ` +
      `(${(await open()) - baseline} still open)`,
  );
}

await leaveAll(a, b, ...spectators);
await running.stop();
process.exit(0);

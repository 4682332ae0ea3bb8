// `node bench/accounts.bench.ts [--accounts N] [--matches N] [--database sqlite|postgres|both] [--requests N]`:
// the accounts' reads at a busy site's size. Fills a fresh database (by default 10,000 accounts and 100,000
// finished matches between them, with their settlements), starts the game server on it in this process (the
// production limits raised for one address) and times over loopback, from request to answer: a passkey's
// sign-in (its options, the software authenticator's signature, the verification and the new session), a
// profile (`GET /api/players/:id`, with its matches and stats), and a page of the leaderboard. On SQLite, and on
// a PostgreSQL the benchmark starts itself. Figures only: nothing here asserts a time.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { seedAccounts } from "@habibka/server/testing/accounts-seed";
import { freshDatabase, startPostgres } from "@habibka/server/testing/services";
import { SoftAuthenticator } from "@habibka/server/testing/soft-authenticator";
import { startTestServer } from "@habibka/server/testing/test-server";
import { Visitor } from "@habibka/server/testing/visitor";

const { values } = parseArgs({
  options: {
    accounts: { type: "string", default: "10000" },
    matches: { type: "string", default: "100000" },
    database: { type: "string", default: "both" },
    requests: { type: "string", default: "400" },
  },
});
const SIZE = { accounts: Number(values.accounts), matches: Number(values.matches) };
const REQUESTS = Number(values.requests);
const SIGN_INS = Math.max(20, Math.floor(REQUESTS / 8));

function summary(times: readonly number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, worst ${sorted.at(-1)!.toFixed(1)} ms (n=${times.length})`;
}

async function timed(count: number, once: (i: number) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await once(i);
    times.push(performance.now() - started);
  }
  return times;
}

type Location = { kind: "sqlite"; path: string } | { kind: "postgres"; url: string };

async function measure(label: string, location: Location): Promise<void> {
  const seedStarted = performance.now();
  const seeded = await seedAccounts(location, SIZE);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.log(
    `${label}: seeded ${SIZE.accounts} accounts (${seeded.rated} rated) and ${SIZE.matches} matches in ${seedSeconds.toFixed(1)} s`,
  );
  const server = await startTestServer({ database: location });
  try {
    // One account with a passkey, to sign in with again and again on fresh browsers.
    const device = new SoftAuthenticator(`http://localhost:${server.port}`);
    const owner = new Visitor(server.httpUrl);
    await owner.visit();
    const creation = await owner.send<Parameters<SoftAuthenticator["register"]>[0]>(
      "POST",
      "/api/passkeys/registration",
    );
    const registered = await owner.send("POST", "/api/passkeys", { response: device.register(creation.body) });
    if (registered.status !== 201) throw new Error(`could not register a passkey: ${registered.text}`);

    const browser = new Visitor(server.httpUrl);
    await browser.visit();
    const signIns = await timed(SIGN_INS, async () => {
      const options = await browser.send<Parameters<SoftAuthenticator["authenticate"]>[0]>(
        "POST",
        "/api/passkeys/authentication",
      );
      const answer = await browser.send("POST", "/api/passkeys/sign-in", {
        response: device.authenticate(options.body),
      });
      if (answer.status !== 200) throw new Error(`sign-in refused: ${answer.text}`);
    });
    const viewer = new Visitor(server.httpUrl);
    await viewer.visit();
    const ids = seeded.accountIds;
    const profiles = await timed(REQUESTS, async (i) => {
      const answer = await viewer.get(`/api/players/${ids[(i * 7919) % ids.length]}`);
      if (answer.status !== 200) throw new Error(`profile answered ${answer.status}`);
    });
    const pages = Math.max(1, Math.floor(seeded.rated / 50));
    const leaderboard = await timed(REQUESTS, async (i) => {
      const answer = await viewer.get(`/api/leaderboard?limit=50&offset=${((i * 37) % pages) * 50}`);
      if (answer.status !== 200) throw new Error(`leaderboard answered ${answer.status}`);
    });
    console.log(`${label}: passkey sign-in (options, signature, verification, session): ${summary(signIns)}`);
    console.log(`${label}: profile GET /api/players/:id: ${summary(profiles)}`);
    console.log(`${label}: leaderboard GET /api/leaderboard (a page of 50 anywhere in it): ${summary(leaderboard)}`);
  } finally {
    await server.stop();
  }
}

const which = values.database;
if (which === "sqlite" || which === "both") {
  const folder = mkdtempSync(join(tmpdir(), "habibka-accounts-bench-"));
  try {
    await measure("SQLite", { kind: "sqlite", path: join(folder, "records.sqlite") });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
if (which === "postgres" || which === "both") {
  const postgres = await startPostgres();
  try {
    await measure("PostgreSQL", { kind: "postgres", url: await freshDatabase(postgres, "accounts_bench") });
  } finally {
    await postgres.stop();
  }
}
process.exit(0);

import "fake-indexeddb/auto";
import { decide, type Situation } from "@habibka/shared/computer";
import { COMPUTER_NAMES } from "@habibka/shared/match";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type Connectivity,
  type ConnectivityEvent,
  nextConnectivity,
  offlineReason,
  playsOffline,
} from "../src/offline/connectivity.ts";
import { localMatchFromPath, localPath } from "../src/offline/local-path.ts";
import { LocalTable } from "../src/offline/local-table.ts";
import { OfflineStore } from "../src/offline/offline-store.ts";
import { practiceRack } from "../src/practice/practice-rack.ts";

/**
 * The offline pieces on their own: when the page plays without the server, the address of a table played in
 * the page, and the matches kept in IndexedDB (fake-indexeddb in Node, the same API).
 */

describe("whether the page plays without the server", () => {
  const start: Connectivity = { online: true, reach: "unknown", chosen: false };
  const event = fc.oneof(
    fc.record({ type: fc.constant("network" as const), online: fc.boolean() }),
    fc.record({
      type: fc.constant("reach" as const),
      reach: fc.constantFrom("reached" as const, "unreachable" as const),
    }),
    fc.record({ type: fc.constant("choose" as const), offline: fc.boolean() }),
  );

  it("plays offline exactly when the player chose it, there is no network, or the server did not answer", () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events: ConnectivityEvent[]) => {
        const state = events.reduce(nextConnectivity, start);
        expect(playsOffline(state)).toBe(state.chosen || !state.online || state.reach === "unreachable");
        expect(offlineReason(state) !== null).toBe(playsOffline(state));
        if (state.chosen) expect(offlineReason(state)).toBe("chosen");
      }),
    );
  });

  it("the network coming back asks the server again rather than trusting its last answer", () => {
    const lost = [
      { type: "reach", reach: "unreachable" },
      { type: "network", online: false },
    ] as const;
    const offline = lost.reduce(nextConnectivity, start);
    expect(offlineReason(offline)).toBe("no-network");
    const back = nextConnectivity(offline, { type: "network", online: true });
    expect(back.reach).toBe("unknown");
    expect(playsOffline(back)).toBe(false);
    expect(offlineReason(nextConnectivity(back, { type: "reach", reach: "unreachable" }))).toBe("no-server");
  });
});

describe("a table played in the page has an address of its own", () => {
  it("names its match, and nothing else is read as one", () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        expect(localMatchFromPath(localPath(id))).toBe(id);
        expect(localMatchFromPath(`${localPath(id)}/`)).toBe(id);
      }),
    );
    for (const path of [
      "/",
      "/local/",
      "/local/123",
      "/t/123456",
      "/local/../practice",
      "/locals/0b7f2a8e-3c1d-4e5f-9a6b-7c8d9e0f1a2b",
    ]) {
      expect(localMatchFromPath(path)).toBeNull();
    }
  });
});

describe("the matches kept in this browser", () => {
  let name: string;
  let n = 0;
  beforeEach(() => {
    name = `habibka-offline-test-${++n}`;
  });
  afterEach(() => {
    indexedDB.deleteDatabase(name);
  });

  const instant = {
    decide: async (s: Situation, level: "novice" | "amateur" | "master", seed: number) => decide(s, level, seed),
  };

  it("keeps a match's every action as the table plays it, lists it, and gives its record back to fold", async () => {
    const store = new OfflineStore(name);
    const table = await LocalTable.open(
      { kind: "new", name: "Анна", level: "master", pace: "brisk", opening: "draw" },
      { store, decider: instant, emit: () => {}, thinkScale: 0, animationScale: 0 },
    );
    if (!table) throw new Error("not opened");
    await table.settled();
    table.close();
    // Whatever was under way when it closed is written before the store is read.
    await table.settled();
    const [listed] = await store.list();
    expect(listed).toMatchObject({
      id: table.matchId,
      names: ["Анна", COMPUTER_NAMES.master],
      level: "master",
      result: null,
      upload: { kind: "waiting" },
    });
    const record = await store.record(table.matchId);
    // The two seats and the draw, in order (then the computer's opening, when the draw gave it the break).
    expect(record?.actions.slice(0, 3).map((a) => a.action.type)).toEqual(["sit", "sit", "draw"]);
    expect(listed?.actions).toBe(record?.actions.length);
    // A new store on the same database (the page after a reload, or its worker) reads the same.
    expect(await new OfflineStore(name).record(table.matchId)).toEqual(record);
  });

  it("refuses an action out of order, and a match it does not keep", async () => {
    const store = new OfflineStore(name);
    const header = {
      format: 2,
      matchId: "0b7f2a8e-3c1d-4e5f-9a6b-7c8d9e0f1a2b",
      code: "",
      settings: { visibility: "private", opening: "lag", shotClock: 0, seatHoldSeconds: 180, spectatorCap: 0 },
      seed: 1,
      createdAt: 1,
    } as const;
    await store.create(header, ["Анна", "Б"]);
    const sit = { at: 2, action: { type: "sit", player: 0, name: "Анна", token: "t" } } as const;
    await expect(store.append(header.matchId, 1, sit, { names: ["Анна", "Б"], result: null })).rejects.toThrow(
      /action 1 after 0/,
    );
    await expect(store.append("no-such", 0, sit, { names: ["Анна", "Б"], result: null })).rejects.toThrow(
      /no offline match/,
    );
    expect(await store.record("no-such")).toBeNull();
    await store.setUpload(header.matchId, { kind: "kept", at: 5 });
    expect((await store.summary(header.matchId))?.upload).toEqual({ kind: "kept", at: 5 });
  });
});

describe("the practice table's calls without the server", () => {
  const fetchBefore = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = fetchBefore;
    vi.resetModules();
    vi.doUnmock("../src/offline/worker-engine.ts");
    vi.unstubAllGlobals();
  });

  async function practiceApi(server: () => Promise<Response>) {
    globalThis.fetch = vi.fn(server) as typeof fetch;
    vi.stubGlobal("window", {
      location: { origin: "http://localhost:2567", protocol: "http:", hostname: "localhost" },
    });
    const { localEngine } = await import("../src/offline/local-engine.ts");
    const engine = localEngine();
    vi.doMock("../src/offline/worker-engine.ts", () => ({ workerEngine: () => engine }));
    const api = await import("../src/practice/practice-api.ts");
    const connectivity = await import("../src/offline/connectivity.ts");
    return { api, connectivity, engine };
  }

  const stroke = { cue: 1, angle: 180, speed: 3, offset: { x: 0, y: 0 } };

  it("a server that cannot be reached: the page's worker plays the shot, and the page now plays without the server", async () => {
    const { api, connectivity, engine } = await practiceApi(() => Promise.reject(new TypeError("Failed to fetch")));
    const position = practiceRack();
    const answer = await api.playPracticeShot(position, stroke, []);
    expect(answer).toEqual(engine.practiceShot({ ...position, shot: stroke, call: [] }));
    expect(answer.ok).toBe(true);
    expect(connectivity.playsOffline(connectivity.connectivity())).toBe(true);
  });

  it("a proxy's 502 while the game server is down is no refusal: the worker answers", async () => {
    const { api } = await practiceApi(async () => new Response("<html>Bad Gateway</html>", { status: 502 }));
    expect((await api.playPracticeShot(practiceRack(), stroke, [])).ok).toBe(true);
  });

  it("the server's own refusal is the answer, word for word", async () => {
    const refusal = { error: "bad-position", message: "shot.cue: no such ball" };
    const { api, connectivity } = await practiceApi(async () => Response.json(refusal, { status: 400 }));
    expect(await api.playPracticeShot(practiceRack(), stroke, [])).toEqual({ ok: false, message: refusal.message });
    expect(connectivity.playsOffline(connectivity.connectivity())).toBe(false);
  });
});

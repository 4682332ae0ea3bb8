import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AccountStore } from "../src/account/account-store.ts";

/**
 * The page's account against a scripted server: `fetch` answers from a table of routes, and the live-events
 * stream is a stand-in EventSource the test speaks through, as the server would.
 */

type Answer = { readonly status: number; readonly body?: unknown };
type Routes = Record<string, Answer | (() => Answer)>;

const ME = { id: "anna", name: "Анна", rating: { value: 1500, deviation: 350, games: 0 }, passkeys: 1 };
const FROM_BORIS = {
  id: "c1",
  from: { id: "boris", name: "Борис" },
  to: { id: "anna", name: "Анна" },
  status: "pending",
  expiresAt: Date.now() + 120_000,
};
const TO_BORIS = { ...FROM_BORIS, id: "c2", from: FROM_BORIS.to, to: FROM_BORIS.from };

class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readonly listeners = new Map<string, (event: { data: string }) => void>();
  closed = false;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: { data: string }) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.({ data: typeof data === "string" ? data : JSON.stringify(data) });
  }
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
}

let routes: Routes;
let calls: string[];
const reload = vi.fn();

function serve(init: Routes) {
  routes = init;
  calls = [];
  vi.stubGlobal("fetch", async (url: string, request: RequestInit) => {
    const key = `${request.method} ${new URL(url).pathname}`;
    calls.push(key);
    const route = routes[key];
    const answer = typeof route === "function" ? route() : (route ?? { status: 404, body: { error: "not-found" } });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  });
}

/** Lets every pending promise (the fetches' answers) settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function started(init: Routes): Promise<{ store: AccountStore; stream: FakeEventSource }> {
  serve({
    "GET /api/me": { status: 200, body: ME },
    "GET /api/challenges": { status: 200, body: { incoming: [], outgoing: [] } },
    "GET /api/friends": { status: 200, body: { friends: [] } },
    ...init,
  });
  const store = new AccountStore();
  store.start();
  await settle();
  const stream = FakeEventSource.opened.at(-1)!;
  stream.open();
  await settle();
  return { store, stream };
}

beforeEach(() => {
  FakeEventSource.opened = [];
  reload.mockReset();
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.stubGlobal("window", { location: { protocol: "http:", hostname: "localhost", origin: "", reload } });
  vi.stubGlobal("document", { visibilityState: "visible" });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the page's account", () => {
  it("reads who this is, then follows the live events and reads the challenges when they open", async () => {
    const { store, stream } = await started({
      "GET /api/challenges": { status: 200, body: { incoming: [FROM_BORIS], outgoing: [] } },
    });
    expect(store.getState()).toMatchObject({ status: "ready", me: { id: "anna", name: "Анна" }, friends: null });
    expect(store.getState().incoming.map((c) => c.id)).toEqual(["c1"]);
    expect(stream.url).toMatch(/\/api\/me\/events$/);
    // Friends are read only by a page that shows them.
    expect(calls).toEqual(["GET /api/me", "GET /api/challenges"]);
  });

  it("plays on without an account when the server cannot say who this is, and opens no stream", async () => {
    serve({ "GET /api/me": { status: 503, body: { error: "unavailable", message: "" } } });
    const store = new AccountStore();
    store.start();
    await settle();
    expect(store.getState().status).toBe("offline");
    expect(FakeEventSource.opened).toEqual([]);
  });

  it("shows a challenge received at once, and ignores one that cannot be read or is not his", async () => {
    const { store, stream } = await started({});
    stream.emit("challenge", FROM_BORIS);
    stream.emit("challenge", "{not json");
    stream.emit("challenge", { ...FROM_BORIS, id: "c9", to: { id: "vera", name: "Вера" } });
    expect(store.getState().incoming.map((c) => c.id)).toEqual(["c1"]);
    // The same challenge told twice (the list read again after a reconnection) is listed once.
    stream.emit("challenge", FROM_BORIS);
    expect(store.getState().incoming).toHaveLength(1);
  });

  it("seats the one who accepts at the table once, though his answer and the event both name it", async () => {
    const { store, stream } = await started({
      "POST /api/challenges/c1/accept": { status: 200, body: { code: "482913" } },
    });
    const tables: string[] = [];
    store.onTable((code) => tables.push(code));
    stream.emit("challenge", FROM_BORIS);
    const answer = await store.accept("c1");
    stream.emit("challenge-update", { id: "c1", status: "accepted", code: "482913" });
    expect(answer).toEqual({ ok: true, value: "482913" });
    expect(tables).toEqual(["482913"]);
    expect(store.getState()).toMatchObject({ incoming: [], notices: [] });
  });

  it("takes the challenger to the table when his challenge is accepted", async () => {
    const { store, stream } = await started({ "POST /api/challenges": { status: 201, body: TO_BORIS } });
    const tables: string[] = [];
    store.onTable((code) => tables.push(code));
    await store.challenge("boris", { rated: true });
    expect(store.getState().outgoing.map((c) => c.id)).toEqual(["c2"]);
    stream.emit("challenge-update", { id: "c2", status: "accepted", code: "111222" });
    expect(tables).toEqual(["111222"]);
    expect(store.getState().outgoing).toEqual([]);
  });

  it("says in words what became of a challenge that ended without a table", async () => {
    const { store, stream } = await started({
      "GET /api/challenges": { status: 200, body: { incoming: [FROM_BORIS], outgoing: [TO_BORIS] } },
    });
    stream.emit("challenge-update", { id: "c2", status: "declined" });
    stream.emit("challenge-update", { id: "c1", status: "withdrawn" });
    stream.emit("challenge-update", { id: "c404", status: "expired" });
    expect(store.getState().notices).toEqual([
      { id: "c1", status: "withdrawn", name: "Борис", sent: false, code: null },
      { id: "c2", status: "declined", name: "Борис", sent: true, code: null },
    ]);
    expect(store.getState()).toMatchObject({ incoming: [], outgoing: [] });
    store.dismissNotice("c1");
    expect(store.getState().notices.map((n) => n.id)).toEqual(["c2"]);
  });

  it("does not take a hidden tab of the challenger's to the table: it says where the table is", async () => {
    const { store, stream } = await started({
      "GET /api/challenges": { status: 200, body: { incoming: [], outgoing: [TO_BORIS] } },
    });
    const tables: string[] = [];
    store.onTable((code) => tables.push(code));
    vi.stubGlobal("document", { visibilityState: "hidden" });
    stream.emit("challenge-update", { id: "c2", status: "accepted", code: "111222" });
    expect(tables).toEqual([]);
    expect(store.getState().notices).toMatchObject([{ status: "accepted", code: "111222", sent: true }]);
  });

  it("reads the challenges again when an accept is refused (the challenge was withdrawn meanwhile)", async () => {
    const { store, stream } = await started({
      "POST /api/challenges/c1/accept": { status: 404, body: { error: "not-found", message: "no such challenge" } },
    });
    stream.emit("challenge", FROM_BORIS);
    const answer = await store.accept("c1");
    await settle();
    expect(answer).toMatchObject({ ok: false, problem: { status: 404, message: "no such challenge" } });
    expect(calls.at(-1)).toBe("GET /api/challenges");
    expect(store.getState().incoming).toEqual([]);
  });

  it("starts the page over as the new account when the stream is refused because the session ended", async () => {
    const { stream } = await started({});
    routes["GET /api/me"] = { status: 200, body: { ...ME, id: "new-anonymous", name: null } };
    stream.refuse();
    await settle();
    expect(reload).toHaveBeenCalledOnce();
  });

  it("does not start over when the refused stream's account is still this one", async () => {
    const { stream } = await started({});
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      stream.refuse();
      await vi.advanceTimersByTimeAsync(0);
      expect(reload).not.toHaveBeenCalled();
      // It opens the stream again later, by itself.
      await vi.advanceTimersByTimeAsync(10_000);
      expect(FakeEventSource.opened).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("lets a background tab's stream go after a minute, and opens it again, reading what was missed, when seen", async () => {
    const listeners = new Map<string, () => void>();
    const page = {
      visibilityState: "visible",
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
      removeEventListener: (type: string) => listeners.delete(type),
    };
    vi.stubGlobal("document", page);
    const { stream } = await started({});
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      page.visibilityState = "hidden";
      listeners.get("visibilitychange")?.();
      await vi.advanceTimersByTimeAsync(30_000);
      expect(stream.closed).toBe(false);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(stream.closed).toBe(true);
      page.visibilityState = "visible";
      listeners.get("visibilitychange")?.();
      expect(FakeEventSource.opened).toHaveLength(2);
      calls = [];
      FakeEventSource.opened[1]!.open();
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toEqual(["GET /api/challenges"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps a new name only when the server takes it", async () => {
    const { store } = await started({
      "PATCH /api/me": () => ({ status: 400, body: { error: "bad-options", message: "name: enter a name" } }),
    });
    expect(await store.rename(" ")).toMatchObject({ ok: false, problem: { status: 400 } });
    expect(store.getState().me?.name).toBe("Анна");
    routes["PATCH /api/me"] = { status: 200, body: { ...ME, name: "Аня" } };
    await store.rename("Аня");
    expect(store.getState().me?.name).toBe("Аня");
  });

  it("removes a friend from the list once the server has", async () => {
    const { store } = await started({
      "GET /api/friends": {
        status: 200,
        body: { friends: [{ id: "boris", name: "Борис", online: true, table: null }] },
      },
      "DELETE /api/friends/boris": { status: 204 },
    });
    await store.refreshFriends();
    expect(store.getState().friends).toHaveLength(1);
    await store.removeFriend("boris");
    expect(store.getState().friends).toEqual([]);
  });
});

import { decodeTrace, simulate } from "@habibka/shared/physics";
import type { PracticeHint, PracticeShotAnswer } from "@habibka/shared/protocol";
import { judgeScenario } from "@habibka/shared/rules";
import { validateScenario } from "@habibka/shared/sim";
import { isInHouse } from "@habibka/shared/table";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShotPhysics } from "../src/physics/physics-pool.ts";
import { DEFAULT_RATE_LIMITS } from "../src/rate-limits.ts";
import { type Answer, send as sendRequest } from "./support/http-client.ts";
import { type RunningServer, startTestServer, TEST_RATE_LIMITS } from "./support/test-server.ts";

/**
 * The practice table's HTTP calls (docs/PROTOCOL.md, "The practice table"): a shot played through the physics
 * pool and judged by the rules, a hint from the computer's pool; every bad body answered 400 with the field at
 * fault, bodies capped, each call limited per address, the pools never given more than a few practice jobs at
 * once, and a failing pool answered with a short error, never a thrown one.
 */

/** A request to the practice routes: a POST of JSON unless told otherwise. */
const send = (
  url: string,
  path: string,
  body: string,
  options: { readonly from?: string; readonly type?: string; readonly method?: string } = {},
): Promise<Answer> =>
  sendRequest(url, {
    method: options.method ?? "POST",
    path,
    body,
    headers: { "Content-Type": options.type ?? "application/json" },
    from: options.from,
  });

const post = (url: string, path: string, body: unknown, from?: string) =>
  send(url, path, JSON.stringify(body), { from });

function errorOf(answer: Answer, status: number): { error: string; message: string } {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers["content-type"]).toMatch(/application\/json/);
  expect(answer.body).not.toMatch(/\bat .*\(|\.ts:\d+|node_modules/);
  return JSON.parse(answer.body) as { error: string; message: string };
}

/**
 * The `advise` command's example shot (docs/rules/advise-cli.md): 7 cuts 3 into the foot-left pocket, with
 * twelve white balls on the shelves and debts, one ball out of play.
 */
const POT = {
  balls: [
    { id: 0, x: 0, y: 0 },
    { id: 7, x: 1.2, y: 0.4 },
    { id: 3, x: 1.5, y: 0.7 },
    { id: 12, x: -1.0, y: -0.5 },
  ],
  shot: {
    cue: 7,
    angle: 47.32660054554168,
    speed: 1.0527735476633708,
    offset: { x: -0.0059638721062614235, y: 0.00001852016403527961 },
  },
  call: [{ ball: 3, pocket: "FL", way: "direct" }],
  match: {
    shelf: [
      [1, 2, 4, 5, 6, 8],
      [9, 10, 11, 13, 14],
    ],
    debt: [0, 1],
    opening: false,
  },
};

describe("the practice table's HTTP calls", () => {
  let running: RunningServer;

  beforeAll(async () => {
    running = await startTestServer({ rateLimits: TEST_RATE_LIMITS });
  });
  afterAll(async () => {
    await running.stop();
  });

  it("plays a shot: the animation, the rules' verdict, and the position after it, as the simulator judges it", async () => {
    const answer = await post(running.httpUrl, "/api/practice/shot", POT);
    expect(answer.status, answer.body).toBe(200);
    const { shot, position } = JSON.parse(answer.body) as PracticeShotAnswer;
    expect(shot).toMatchObject({ kind: "shot", seat: 0, before: POT.balls, request: { call: POT.call } });
    expect(shot.verdict).toMatchObject({ foul: false, counted: [3], shelf: [7, 5] });
    expect(shot.verdict.explanation.ru.length).toBeGreaterThan(0);
    expect(shot.duration).toBeGreaterThan(0);
    const traces = decodeTrace(Buffer.from(shot.trace, "base64"));
    expect(traces.map((t) => t.id)).toContain(7);
    // The table the physics and the rules leave when run here, with the shelves as lists in the order balls came.
    const checked = validateScenario(POT, [], { outOfPlay: true });
    if (!checked.ok) throw new Error(checked.message);
    const here = simulate({ balls: POT.balls, strokes: [POT.shot] });
    const judged = judgeScenario(checked.scenario, here.events, here.rest, { outOfPlay: true });
    if (!judged.ok) throw new Error(judged.error.message);
    expect(position.balls).toEqual(judged.value.table);
    expect(position.match).toEqual({
      shelf: [
        [1, 2, 4, 5, 6, 8, 3],
        [9, 10, 11, 13, 14],
      ],
      debt: [0, 1],
      opening: false,
    });
  });

  it("a bad position is answered 400 naming the field, before anything is simulated", async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...POT, balls: [...POT.balls, { id: 15, x: 1.2, y: 0.41 }] }, /^balls\[4\]: ball 15 overlaps ball 7$/],
      [{ ...POT, balls: [...POT.balls, { id: 15, x: 2.5, y: 0 }] }, /^balls\[4\]: ball 15 is off the playing surface/],
      [{ ...POT, shot: { ...POT.shot, speed: 40 } }, /^shot\.speed: expected a speed of at most 12 m\/s$/],
      [{ ...POT, shot: { ...POT.shot, cue: 9 } }, /^shot\.cue: ball 9 is not on the table$/],
      [{ ...POT, call: [{ ball: 15, pocket: "FL", way: "direct" }] }, /^call\[0\]\.ball: Ball 15 is not on the table/],
      [{ ...POT, match: { ...POT.match, shelf: [[1, 2, 3], []] } }, /^match\.shelf\[0\]\[2\]: ball 3 is on the table$/],
      [{ ...POT, match: { ...POT.match, debt: [-1, 0] } }, /^match\.debt\[0\]: expected a non-negative integer$/],
      [{ ...POT, balls: "everything" }, /^balls: expected a list of balls$/],
      [[POT, POT], /^input: expected a scenario object/],
      // The rules' own checks, after the shape's: the coloured ball is called only in last-ball play.
      [{ ...POT, call: [{ ball: 0, pocket: "ML", way: "direct" }] }, /^call/],
    ];
    for (const [body, message] of cases) {
      const refused = errorOf(await post(running.httpUrl, "/api/practice/shot", body), 400);
      expect(refused.error).toBe("bad-position");
      expect(refused.message).toMatch(message);
    }
  });

  it("a body that is not JSON, not sent as JSON, or too long is refused with a short answer", async () => {
    expect(errorOf(await send(running.httpUrl, "/api/practice/shot", "{balls:"), 400).error).toBe("bad-json");
    const asText = await send(running.httpUrl, "/api/practice/hint", JSON.stringify(POT), { type: "text/plain" });
    expect(errorOf(asText, 415).error).toBe("not-json");
    const long = JSON.stringify({ ...POT, padding: "x".repeat(5000) });
    expect(errorOf(await send(running.httpUrl, "/api/practice/shot", long), 413).error).toBe("body-too-large");
    expect(errorOf(await send(running.httpUrl, "/api/practice/shot", "", { method: "GET" }), 404).error).toBe(
      "not-found",
    );
  });

  it("answers the dev client's preflight, for any origin", async () => {
    const answer = await send(running.httpUrl, "/api/practice/shot", "", { method: "OPTIONS" });
    expect(answer.status).toBe(204);
    expect(answer.headers["access-control-allow-origin"]).toBe("*");
    expect(answer.headers["access-control-allow-headers"]).toMatch(/Content-Type/i);
  });

  it("hints the computer's shot, before its execution error; at the opening, where to place the ball in hand", async () => {
    const { shot: _shot, call: _call, ...position } = POT;
    const answer = await post(running.httpUrl, "/api/practice/hint", { ...position, level: "novice" });
    expect(answer.status, answer.body).toBe(200);
    const hint = JSON.parse(answer.body) as PracticeHint;
    expect(hint).toMatchObject({ level: "novice", place: null });
    expect(["pot", "safety", "forced"]).toContain(hint.kind);
    expect([7, 3, 12]).toContain(hint.stroke.cue);
    expect(hint.stroke.speed).toBeGreaterThan(0);

    const opening = {
      balls: [
        { id: 0, x: 0, y: 0 },
        { id: 1, x: -1.2, y: 0.3 },
        { id: 5, x: 1.0, y: 0.1 },
        { id: 6, x: 1.2, y: -0.2 },
      ],
      match: { shelf: [[], []], debt: [0, 0], opening: true },
      level: "novice",
    };
    const atOpening = JSON.parse((await post(running.httpUrl, "/api/practice/hint", opening)).body) as PracticeHint;
    expect(atOpening.stroke.cue).toBe(1);
    expect(atOpening.place).not.toBeNull();
    expect(isInHouse(atOpening.place!)).toBe(true);

    const refused = errorOf(
      await post(running.httpUrl, "/api/practice/hint", { ...position, level: "grandmaster" }),
      400,
    );
    expect(refused).toEqual({ error: "bad-position", message: 'level: expected "novice", "amateur" or "master"' });
    const noHouse = { ...opening, balls: opening.balls.filter((b) => b.id !== 1) };
    expect(errorOf(await post(running.httpUrl, "/api/practice/hint", noHouse), 400).message).toMatch(
      /^match\.opening: /,
    );
  });
});

describe("the practice table's limits", () => {
  it("limits shots and hints per address with 429 and Retry-After; another address is not held back", async () => {
    const running = await startTestServer({ rateLimits: DEFAULT_RATE_LIMITS });
    try {
      for (let i = 0; i < DEFAULT_RATE_LIMITS.address.practiceShots.points; i++) {
        expect((await post(running.httpUrl, "/api/practice/shot", POT, "127.0.0.7")).status).toBe(200);
      }
      const limited = await post(running.httpUrl, "/api/practice/shot", POT, "127.0.0.7");
      expect(errorOf(limited, 429).error).toBe("rate-limited");
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect((await post(running.httpUrl, "/api/practice/shot", POT, "127.0.0.8")).status).toBe(200);

      // Hints have a tighter allowance of their own, whatever the case or a trailing slash of the path says.
      const { shot: _shot, call: _call, ...position } = POT;
      const body = { ...position, level: "novice" };
      let answered = 0;
      for (const path of ["/api/practice/hint", "/api/practice/HINT", "/api/practice/hint/"]) {
        for (let i = 0; i < DEFAULT_RATE_LIMITS.address.practiceHints.points; i++) {
          const answer = await post(running.httpUrl, path, body, "127.0.0.9");
          if (answer.status === 429) break;
          answered++;
        }
      }
      expect(answered).toBe(DEFAULT_RATE_LIMITS.address.practiceHints.points);
    } finally {
      await running.stop();
    }
  });

  it("takes only a few practice jobs at once (503 with Retry-After), and a failing pool is a short answer", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => {};
    const simulating = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const slowPhysics: ShotPhysics = {
      simulate: async () => {
        entered();
        await held;
        throw new Error("the physics thread died");
      },
      close: async () => undefined,
    };
    const running = await startTestServer({ physics: slowPhysics, practice: { shotsAtOnce: 1, hintsAtOnce: 1 } });
    try {
      const first = post(running.httpUrl, "/api/practice/shot", POT);
      // The first shot holds the only place once it is being simulated.
      await simulating;
      const busy = await post(running.httpUrl, "/api/practice/shot", POT);
      expect(errorOf(busy, 503).error).toBe("busy");
      expect(busy.headers["retry-after"]).toBe("1");
      release();
      expect(errorOf(await first, 500)).toEqual({ error: "internal", message: "the shot could not be simulated" });
    } finally {
      await running.stop();
    }
  });

  it("a hint whose search fails is answered 503, and the server goes on answering", async () => {
    const running = await startTestServer({
      decidePool: { workerUrl: new URL("./support/failing-decide-worker.ts", import.meta.url) },
    });
    try {
      const { shot: _shot, call: _call, ...position } = POT;
      const failed = errorOf(await post(running.httpUrl, "/api/practice/hint", position), 503);
      expect(failed.error).toBe("no-hint");
      expect((await post(running.httpUrl, "/api/practice/shot", POT)).status).toBe(200);
    } finally {
      await running.stop();
    }
  });
});

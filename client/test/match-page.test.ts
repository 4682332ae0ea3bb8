import { describe, expect, it } from "vitest";
import { parseHistory } from "../src/match-page/history.ts";
import { matchFromPath, matchPath, parseMatchPage, scoreAfter } from "../src/match-page/match-data.ts";
import { markOf, nextSpeed, REST_SECONDS, ShotClock } from "../src/match-page/timeline.ts";
import type { ShotBroadcast } from "../src/net/messages.ts";
import { MY_MATCHES_KEPT, myMatches, rememberMatch } from "../src/net/my-matches.ts";

const ID = "0b7c5f9e-3f52-4b8e-9a51-6c2d1e0f4a77";

function storage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

function broadcast(fields: Partial<ShotBroadcast>): ShotBroadcast {
  return {
    matchId: ID,
    number: 1,
    kind: "shot",
    seat: 0,
    request: {},
    before: [],
    verdict: { foul: false, bonus: false, counted: [] } as unknown as ShotBroadcast["verdict"],
    events: [],
    trace: "",
    duration: 1,
    elapsed: 0,
    ...fields,
  };
}

describe("ShotClock – where playback stands in one shot", () => {
  it("advances with the clock at the chosen speed, stops at the shot's length, and rests on the verdict", () => {
    let now = 0;
    const clock = new ShotClock(() => now);
    clock.load(2);
    clock.play();
    now = 500;
    expect(clock.time()).toBeCloseTo(0.5);
    clock.setSpeed(4);
    now = 750;
    expect(clock.time()).toBeCloseTo(1.5);
    now = 1000;
    expect(clock.time()).toBe(2);
    expect(clock.stopped()).toBe(true);
    expect(clock.over()).toBe(false);
    now = 1000 + (REST_SECONDS * 1000) / 4 + 1;
    expect(clock.over()).toBe(true);
  });

  it("pauses where it is, seeks within the shot only, and playing a shot that is over starts it again", () => {
    let now = 0;
    const clock = new ShotClock(() => now);
    clock.load(3);
    clock.play();
    now = 1000;
    clock.pause();
    now = 5000;
    expect(clock.time()).toBeCloseTo(1);
    clock.seek(-2);
    expect(clock.time()).toBe(0);
    clock.seek(10);
    expect(clock.time()).toBe(3);
    clock.play();
    expect(clock.time()).toBe(0);
    expect(clock.playing).toBe(true);
  });

  it("steps through the speeds 0.25× to 4× and stays at the ends", () => {
    expect(nextSpeed(1, 1)).toBe(2);
    expect(nextSpeed(4, 1)).toBe(4);
    expect(nextSpeed(0.5, -1)).toBe(0.25);
    expect(nextSpeed(0.25, -1)).toBe(0.25);
  });
});

describe("markOf – how a shot is marked on the match's scrubber", () => {
  it("tells fouls, bonus shots, scoring shots, the lag and a run-out clock apart", () => {
    const verdict = (v: object) => v as unknown as ShotBroadcast["verdict"];
    expect(markOf(broadcast({ verdict: verdict({ foul: true, bonus: false, counted: [3] }) }))).toBe("foul");
    expect(markOf(broadcast({ verdict: verdict({ foul: false, bonus: true, counted: [] }) }))).toBe("bonus");
    expect(markOf(broadcast({ verdict: verdict({ foul: false, bonus: false, counted: [3] }) }))).toBe("scored");
    expect(markOf(broadcast({}))).toBe("plain");
    expect(markOf(broadcast({ kind: "lag" }))).toBe("lag");
    expect(markOf(broadcast({ kind: "clock" }))).toBe("clock");
  });
});

describe("the match page's data, read field by field", () => {
  it("reads a match, keeps what an earlier record lacks as null, and drops shots that are not shots", () => {
    const data = parseMatchPage({
      id: ID,
      code: "123456",
      players: ["Анна", "Борис"],
      startedAt: 5,
      result: { winner: 1, reason: "resignation", shelves: [0, 2], finishedAt: 9 },
      shots: [
        { number: 1, kind: "shot", seat: 0, verdict: { shelf: [0, 1] }, before: [{ id: 1, x: 0, y: 0 }] },
        { number: 2, kind: "shot", seat: 1, verdict: {}, score: [0, 2], after: [{ id: 1, x: 0.1, y: 0 }] },
        { number: "3", verdict: {} },
        { number: 4, verdict: {}, before: [{ id: 99, x: 0, y: 0 }] },
      ],
    });
    expect(data?.players).toEqual(["Анна", "Борис"]);
    expect(data?.result).toEqual({ winner: 1, reason: "resignation", shelves: [0, 2], finishedAt: 9 });
    expect(data?.shots.map((s) => s.message.number)).toEqual([1, 2, 4]);
    expect(data?.shots[0]?.after).toBeNull();
    expect(data?.shots[1]?.after).toEqual([{ id: 1, x: 0.1, y: 0 }]);
    // A ball id no table has: the table before it is not drawn rather than drawn wrong.
    expect(data?.shots[2]?.message.before).toEqual([]);
    expect(data && scoreAfter(data.shots, 0)).toEqual([0, 1]);
    expect(data && scoreAfter(data.shots, 1)).toEqual([0, 2]);
    expect(data && scoreAfter(data.shots, 2)).toEqual([0, 2]);
    expect(parseMatchPage({ id: ID })).toBeNull();
    expect(parseMatchPage([])).toBeNull();
  });

  it("names a match and a shot by path, and reads them back; anything else is no match", () => {
    expect(matchFromPath(matchPath(ID))).toEqual({ id: ID, shot: null });
    expect(matchFromPath(matchPath(ID, 14))).toEqual({ id: ID, shot: 14 });
    expect(matchFromPath(`/m/${ID.toUpperCase()}/3/`)).toEqual({ id: ID, shot: 3 });
    expect(matchFromPath("/m/not-an-id")).toBeNull();
    expect(matchFromPath(`/m/${ID}/x`)).toBeNull();
    expect(matchFromPath("/t/123456")).toBeNull();
  });

  it("reads the history's page and cursor, leaving out entries that are not matches", () => {
    const page = parseHistory({
      matches: [
        { id: ID, players: ["А", "Б"], startedAt: 1, result: { winner: 0, reason: "eight", shelves: [8, 3] } },
        { id: "bad", players: [] },
        { id: ID, players: ["А", "Б"], startedAt: 1, result: null },
      ],
      next: "abc",
    });
    expect(page?.matches).toHaveLength(2);
    expect(page?.matches[0]?.result?.shelves).toEqual([8, 3]);
    expect(page?.matches[1]?.result).toBeNull();
    expect(page?.next).toBe("abc");
    expect(parseHistory({})).toBeNull();
  });
});

describe("«Мои партии» – the matches this browser played", () => {
  it("keeps the newest first, each once, at most the kept number, and ignores what is not an id", () => {
    const store = storage();
    const ids = Array.from(
      { length: MY_MATCHES_KEPT + 2 },
      (_, i) => `${ID.slice(0, -2)}${String(i).padStart(2, "0")}`,
    );
    for (const id of ids) rememberMatch(id, store);
    rememberMatch(ids[5]!, store);
    rememberMatch("not-an-id", store);
    const listed = myMatches(store);
    expect(listed).toHaveLength(MY_MATCHES_KEPT);
    expect(listed[0]).toBe(ids[5]);
    expect(new Set(listed).size).toBe(listed.length);
    store.setItem("habibka.my-matches", "{broken");
    expect(myMatches(store)).toEqual([]);
  });
});

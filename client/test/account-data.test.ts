import { hostileJson, withHostileField } from "@habibka/shared/testing/hostile-values";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  readChallenge,
  readChallenges,
  readChallengeUpdate,
  readFriends,
  readMe,
  readProblem,
  readRating,
} from "../src/account/account-data.ts";
import { readLeaderboard, readProfile } from "../src/profile/profile-data.ts";
import { isLeadersPath, playerFromLink, profileFromPath, profileLink } from "../src/profile/profile-route.ts";

const ME = { id: "acc_1", name: "Анна", rating: { value: 1500, deviation: 350, games: 0 }, passkeys: 0 };
const CHALLENGE = {
  id: "ch-1",
  from: { id: "acc_1", name: "Анна" },
  to: { id: "acc_2", name: "Борис" },
  status: "pending",
  expiresAt: 1_700_000_120_000,
  rated: true,
};
const MATCH_ID = "0b7c5f9e-3f52-4b8e-9a51-6c2d1e0f4a77";
const PROFILE = {
  id: "acc_2",
  name: "Борис",
  rating: { value: 1623.4, deviation: 80, games: 12, provisional: false },
  matches: [
    { matchId: MATCH_ID, rated: true, result: "win", opponent: { id: "acc_1", name: "Анна" }, at: 1_700_000_000_000 },
  ],
  stats: { wins: 7, losses: 5, pots: 40, strokes: 160, potPercentage: 25, fouls: { "17": 3, "10": 5, "3": 3 } },
  friend: false,
  online: true,
};

/** Every reader, fed the same value: none may throw, whatever arrives. */
const READERS = [
  readMe,
  readRating,
  readFriends,
  readChallenge,
  readChallenges,
  readChallengeUpdate,
  readProfile,
  readLeaderboard,
  (v: unknown) => readProblem(400, v),
];

describe("reading the accounts' answers", () => {
  it("reads the account, its rating and a provisional mark from the deviation when the server gives none", () => {
    expect(readMe(ME)).toEqual({ ...ME, rating: { ...ME.rating, provisional: true } });
    expect(readMe({ ...ME, name: null, rating: null })).toMatchObject({ name: null, rating: null });
    expect(readRating({ value: 1700, deviation: 60, games: 30 })?.provisional).toBe(false);
    // The server's own word wins over the threshold.
    expect(readRating({ value: 1700, deviation: 60, games: 3, provisional: true })?.provisional).toBe(true);
  });

  it("refuses an account without a readable id, and ids that are not the server's tokens", () => {
    expect(readMe({ ...ME, id: "" })).toBeNull();
    expect(readMe({ ...ME, id: "../admin" })).toBeNull();
    expect(readMe({ ...ME, id: "<b>" })).toBeNull();
    expect(readMe({ ...ME, id: "a".repeat(65) })).toBeNull();
    expect(readMe(null)).toBeNull();
  });

  it("cuts a hostile name to a bound and reads a blank one as none", () => {
    expect(readMe({ ...ME, name: "x".repeat(10_000) })?.name).toHaveLength(40);
    expect(readMe({ ...ME, name: "   " })?.name).toBeNull();
  });

  it("keeps the friends it can read, with a table only when it is a table's code", () => {
    const friends = readFriends({
      friends: [
        { id: "f1", name: "Вера", online: true, table: "123456" },
        { id: "f2", name: "Глеб", online: "yes", table: "12345<" },
        { name: "no id" },
      ],
    });
    expect(friends).toEqual([
      { id: "f1", name: "Вера", online: true, table: "123456" },
      { id: "f2", name: "Глеб", online: false, table: null },
    ]);
    expect(readFriends({ friends: Array.from({ length: 1000 }, (_, i) => ({ id: `f${i}`, name: "x" })) })).toHaveLength(
      200,
    );
  });

  it("reads a challenge and its end, and refuses a status it does not know", () => {
    expect(readChallenge(CHALLENGE)).toEqual({ ...CHALLENGE, status: "pending", code: null });
    expect(readChallenge({ ...CHALLENGE, status: "maybe" })).toBeNull();
    expect(readChallenge({ ...CHALLENGE, expiresAt: "soon" })).toBeNull();
    expect(readChallenges({ incoming: [CHALLENGE, {}], outgoing: [] })).toMatchObject({ incoming: [{ id: "ch-1" }] });
    expect(readChallengeUpdate({ id: "ch-1", status: "accepted", code: "654321" })).toEqual({
      id: "ch-1",
      status: "accepted",
      code: "654321",
    });
    expect(readChallengeUpdate({ id: "ch-1", status: "accepted", code: "/t/1" })?.code).toBeNull();
  });

  it("reads a refusal's code and message, and says only the status for anything else", () => {
    expect(readProblem(400, { error: "bad-name", message: "name: enter a name" })).toEqual({
      status: 400,
      error: "bad-name",
      message: "name: enter a name",
    });
    expect(readProblem(502, "<html>")).toEqual({ status: 502, error: "", message: "" });
  });

  it("reads a profile: its matches, and its fouls by clause with the most frequent first", () => {
    const profile = readProfile(PROFILE);
    expect(profile?.matches).toEqual([
      { matchId: MATCH_ID, rated: true, result: "win", opponent: { id: "acc_1", name: "Анна" }, at: 1_700_000_000_000 },
    ]);
    expect(profile?.stats?.fouls).toEqual([
      ["10", 5],
      ["3", 3],
      ["17", 3],
    ]);
    expect(profile).toMatchObject({ friend: false, online: true, rating: { value: 1623.4, provisional: false } });
  });

  it("shows the share of scoring strokes only once there are strokes, within 0–100 %", () => {
    const stats = (s: object) => readProfile({ ...PROFILE, stats: s })?.stats;
    expect(stats({ pots: 3, strokes: 12, potPercentage: 16.7 })?.potPercentage).toBe(16.7);
    expect(stats({ pots: 0, strokes: 0, potPercentage: 0 })?.potPercentage).toBeNull();
    expect(stats({ pots: 3, strokes: 12 })?.potPercentage).toBeNull();
    expect(stats({ strokes: 12, potPercentage: 1e9 })?.potPercentage).toBe(100);
    // A key that is no clause of the rules is not shown.
    expect(stats({ fouls: { "<img>": 4, "17": -1, "3в": 1 } })?.fouls).toEqual([["3в", 1]]);
  });

  it("reads an opponent without an account (the computer) as a name alone, and an odd result as unfinished", () => {
    const match = { matchId: MATCH_ID, rated: false, result: "draw", opponent: { id: null, name: "Компьютер" }, at: 1 };
    expect(readProfile({ ...PROFILE, matches: [match] })?.matches[0]).toEqual({
      ...match,
      result: "unfinished",
      opponent: { id: null, name: "Компьютер" },
    });
    expect(readProfile({ ...PROFILE, matches: [{ ...match, matchId: "javascript:1" }] })?.matches).toEqual([]);
  });

  it("keeps the leaderboard's players that have a rating", () => {
    const board = readLeaderboard({
      players: [
        { id: "a", name: "Анна", rating: { value: 1800, deviation: 50, games: 40 } },
        { id: "b", name: "Б" },
      ],
    });
    expect(board?.players.map((p) => p.id)).toEqual(["a"]);
  });

  it("never throws, whatever the server or a proxy in between sends (property)", () => {
    fc.assert(
      fc.property(hostileJson, (value) => {
        for (const read of READERS) read(value);
      }),
    );
    for (const example of [ME, CHALLENGE, PROFILE]) {
      fc.assert(
        fc.property(withHostileField(example), (value) => {
          for (const read of READERS) read(value);
        }),
        { numRuns: 200 },
      );
    }
  });
});

describe("the players' addresses", () => {
  it("finds the player in a profile's address or pasted link, and nothing in other links", () => {
    expect(profileFromPath("/p/acc_2")).toBe("acc_2");
    expect(profileFromPath("/p/acc_2/")).toBe("acc_2");
    expect(profileFromPath("/p/")).toBeNull();
    expect(profileFromPath("/p/../x")).toBeNull();
    expect(profileFromPath("/t/123456")).toBeNull();
    expect(playerFromLink(profileLink("acc_2", "https://habibka.example"))).toBe("acc_2");
    expect(playerFromLink("https://habibka.example/p/acc_2")).toBe("acc_2");
    expect(playerFromLink("  /p/acc_2 ")).toBe("acc_2");
    expect(playerFromLink("https://habibka.example/m/acc_2")).toBeNull();
    expect(playerFromLink("acc_2")).toBeNull();
    expect(isLeadersPath("/leaders")).toBe(true);
    expect(isLeadersPath("/leaders/")).toBe(true);
    expect(isLeadersPath("/leaders/x")).toBe(false);
    expect(isLeadersPath("/")).toBe(false);
  });

  it("reads back the player of any link it makes (property)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\w-]{1,64}$/), (id) => {
        expect(playerFromLink(profileLink(id, "http://localhost:2567"))).toBe(id);
      }),
    );
  });
});

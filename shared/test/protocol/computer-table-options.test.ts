import { describe, expect, it } from "vitest";
import { COMPUTER_LEVELS, COMPUTER_NAMES } from "../../src/match/opponent.ts";
import { CreateTableOptions, PlayerName } from "../../src/protocol/index.ts";

describe("table options – playing the computer", () => {
  it("a table against the computer is private, without a shot clock, at the amateur's strength unless told", () => {
    expect(CreateTableOptions.parse({ name: "A", opponent: "computer" })).toMatchObject({
      opponent: "computer",
      level: "amateur",
      visibility: "private",
      shotClock: 0,
    });
    expect(CreateTableOptions.parse({ name: "A", opponent: "computer", level: "master" }).level).toBe("master");
    expect(CreateTableOptions.parse({ name: "A", opponent: "computer" }).pace).toBe("normal");
    expect(CreateTableOptions.parse({ name: "A", opponent: "computer", pace: "brisk" }).pace).toBe("brisk");
    const listed = CreateTableOptions.parse({ name: "A", opponent: "computer", visibility: "public" });
    expect(listed).toMatchObject({ visibility: "public", shotClock: 60 });
  });

  it("a table for two people stays as it was: public by default, no level", () => {
    const options = CreateTableOptions.parse({ name: "A" });
    expect(options).toMatchObject({ opponent: "person", visibility: "public", shotClock: 60 });
    expect(options.level).toBeUndefined();
    expect(options.pace).toBeUndefined();
  });

  it.each([
    [{ opponent: "robot" }, "opponent", 'expected "person" or "computer"'],
    [{ opponent: "computer", level: "grandmaster" }, "level", 'expected "novice", "amateur" or "master"'],
    [{ opponent: "computer", level: 2 }, "level", 'expected "novice", "amateur" or "master"'],
    [{ level: "master" }, "level", 'a level is only for a table against the computer (opponent: "computer")'],
    [
      { opponent: "person", level: "novice" },
      "level",
      'a level is only for a table against the computer (opponent: "computer")',
    ],
    [{ opponent: "computer", pace: "turbo" }, "pace", 'expected "normal" or "brisk"'],
    [{ opponent: "computer", pace: { toString: 1 } }, "pace", 'expected "normal" or "brisk"'],
    [{ pace: "brisk" }, "pace", 'a pace is only for a table against the computer (opponent: "computer")'],
    [{ opponent: "computer", visibility: "public", shotClock: 0 }, "shotClock", "a public table needs a shot clock"],
  ])("refuses %j, naming the field", (extra, field, message) => {
    const parsed = CreateTableOptions.safeParse({ name: "A", ...extra });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: [field], message });
  });

  it("names the computer for its level, with a name no person can take", () => {
    expect(Object.keys(COMPUTER_NAMES)).toEqual([...COMPUTER_LEVELS]);
    expect(COMPUTER_NAMES.master).toBe("Компьютер · мастер");
    for (const name of Object.values(COMPUTER_NAMES)) expect(PlayerName.safeParse(name).success).toBe(false);
  });
});

import i18next, { type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "../src/i18n/en.ts";
import { ru } from "../src/i18n/ru.ts";
import { parseMatchPage } from "../src/match-page/match-data.ts";
import { snapshotOf } from "../src/net/table-snapshot.ts";
import { withComputerName, withComputerSeatName } from "../src/ui/computer-name.ts";

/** A table against the computer as the client reads its synced state and names its seats. */

const players = () =>
  new Map([
    ["0", { name: "Анна", seat: 0, connected: true, shelf: [], debt: 0, computer: false }],
    ["1", { name: "Компьютер · мастер", seat: 1, connected: true, shelf: [5], debt: 0, computer: true }],
  ]);

let t: Record<"ru" | "en", TFunction>;
beforeAll(async () => {
  const make = async (lng: "ru" | "en") => {
    const instance = i18next.createInstance();
    await instance.init({ resources: { ru: { translation: ru }, en: { translation: en } }, lng });
    return instance.t;
  };
  t = { ru: await make("ru"), en: await make("en") };
});

describe("a table against the computer", () => {
  it("the snapshot carries the opponent, the level and which seat the computer plays", () => {
    const s = snapshotOf({ opponent: "computer", level: "master", phase: "play", players: players() });
    expect(s.opponent).toBe("computer");
    expect(s.level).toBe("master");
    expect(s.players[1]?.computer).toBe(true);
    expect(s.players[0]?.computer).toBe(false);
  });

  it("a table for two people, or a level the client does not know, has no level", () => {
    expect(snapshotOf({ opponent: "person", level: "" })).toMatchObject({ opponent: "person", level: null });
    expect(snapshotOf({ opponent: "computer", level: "grandmaster" }).level).toBeNull();
    expect(snapshotOf({ opponent: "robot" }).opponent).toBe("person");
    expect(snapshotOf({}).players).toEqual([null, null]);
  });

  it("the computer is named in the reader's language; a person keeps his own name", () => {
    const s = snapshotOf({ opponent: "computer", level: "novice", phase: "play", players: players() });
    expect(withComputerName(s, t.en).players.map((p) => p?.name)).toEqual(["Анна", "Computer · novice"]);
    expect(withComputerName(s, t.ru).players[1]?.name).toBe("Компьютер · новичок");
    expect(withComputerName(s, t.en).players[1]?.shelf).toEqual([5]);
    const people = snapshotOf({ phase: "play", players: players() });
    expect(withComputerName(people, t.en)).toBe(people);
  });
});

describe("a match against the computer on its page", () => {
  const record = (settings: Record<string, unknown>) => ({
    id: "0b7c5f9e-3f52-4b8e-9a51-6c2d1e0f4a77",
    players: ["Anna", "Компьютер · новичок"],
    shots: [],
    record: { header: { settings }, actions: [] },
  });

  it("names the computer in the reader's language, as the live table does", () => {
    const data = parseMatchPage(record({ opponent: "computer", level: "novice" }))!;
    expect(data.computerLevel).toBe("novice");
    expect(withComputerSeatName(data.players, data.computerLevel, t.en)).toEqual(["Anna", "Computer · novice"]);
    expect(withComputerSeatName(data.players, data.computerLevel, t.ru)).toEqual(["Anna", "Компьютер · новичок"]);
  });

  it("leaves two people's names as they are, and a level it does not know", () => {
    for (const settings of [{ opponent: "person" }, { opponent: "computer", level: "grandmaster" }, {}]) {
      const data = parseMatchPage(record(settings))!;
      expect(data.computerLevel).toBeNull();
      expect(withComputerSeatName(data.players, data.computerLevel, t.en)).toEqual(data.players);
    }
  });
});

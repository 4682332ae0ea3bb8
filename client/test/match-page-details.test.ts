import { describe, expect, it } from "vitest";
import { en } from "../src/i18n/en.ts";
import { ru } from "../src/i18n/ru.ts";
import { formatSeconds, matchTimes } from "../src/match-page/match-times.ts";

/**
 * The match page's small print: a match dated by its start and its end, each labelled, and a shot's length
 * in Russian units and numerals.
 */

describe("matchTimes", () => {
  const start = new Date(2026, 11, 2, 19, 5).getTime();

  it("gives the start and, on the same day, the end's time alone", () => {
    const times = matchTimes(start, start + 40 * 60_000, "ru");
    expect(times.start).toMatch(/^02\.12\.2026, 19:05$/);
    expect(times.end).toBe("19:45");
  });

  it("dates an end on a later day in full", () => {
    const times = matchTimes(start, new Date(2026, 11, 3, 0, 20).getTime(), "ru");
    expect(times.end).toMatch(/^03\.12\.2026, 00:20$/);
  });

  it("has no end while the match is played, and no start when the record does not say", () => {
    expect(matchTimes(start, null, "ru").end).toBeNull();
    expect(matchTimes(0, null, "ru")).toEqual({ start: null, end: null });
  });

  it("labels both: «Начало …», «Конец …»", () => {
    expect(ru.replay.startedAt).toBe("Начало {{time}}");
    expect(ru.replay.finishedAt).toBe("Конец {{time}}");
    expect(en.replay.startedAt).toBe("Started {{time}}");
    expect(en.replay.finishedAt).toBe("Ended {{time}}");
  });
});

describe("a shot's seconds", () => {
  it("in the reader's numerals and units: «2,4 с», “2.4 s”", () => {
    expect(formatSeconds(2.43, "ru")).toBe("2,4");
    expect(formatSeconds(2.43, "en")).toBe("2.4");
    expect(formatSeconds(0, "ru")).toBe("0,0");
    expect(ru.replay.seconds.replace("{{value}}", "2,4")).toBe("2,4 с");
    expect(en.replay.seconds.replace("{{value}}", "2.4")).toBe("2.4 s");
  });

  it("no Latin unit letter in the Russian texts of the match page", () => {
    for (const text of (Object.values(ru.replay) as unknown[]).filter((v): v is string => typeof v === "string")) {
      expect(text, text).not.toMatch(/\d\s?(?:s|m|ms|m\/s)\b|\}\}\s?(?:s|m)\b/);
    }
  });
});

describe("the computer's name in the strip", () => {
  it("has a short title, so its level can go on a line of its own", () => {
    expect(ru.computer.title).toBe("Компьютер");
    expect(en.computer.title).toBe("Computer");
  });
});

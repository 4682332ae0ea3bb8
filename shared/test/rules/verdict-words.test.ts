import { describe, expect, it } from "vitest";
import {
  enVerdictWords,
  readShotVerdict,
  ruVerdictWords,
  seatName,
  splitSentences,
  verdictLanguage,
  verdictSentences,
  verdictText,
} from "../../src/rules/verdict-words/index.ts";

/**
 * The verdict catalogue (shared/src/rules/verdict-words): both languages say the same things with the same
 * placeholders, in the players' own words; and the wording function reads whatever a record holds, a verdict
 * of an earlier version included, without throwing.
 */

function leaves(tree: object, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]): [string, string][] =>
    typeof v === "object" && v !== null ? leaves(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]],
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();

describe("the verdict catalogue", () => {
  it("has the same keys in Russian and English, none empty, with the same placeholders", () => {
    const ru = new Map(leaves(ruVerdictWords));
    const en = new Map(leaves(enVerdictWords));
    expect([...en.keys()].sort()).toEqual([...ru.keys()].sort());
    for (const [key, text] of ru) {
      expect(text.trim(), key).not.toBe("");
      expect(en.get(key)!.trim(), key).not.toBe("");
      expect(placeholders(en.get(key)!), key).toEqual(placeholders(text));
    }
  });

  it("speaks the players' own words", () => {
    const all = leaves(ruVerdictWords)
      .map(([, text]) => text)
      .join(" ")
      .toLowerCase();
    for (const word of ["свояк", "чужой", "дуплет", "отыгрыш", "полк", "штраф", "разбо", "раскат", "створ"]) {
      expect(all).toContain(word);
    }
  });

  it("reads the reader's language, and names a seat without a name by its number", () => {
    expect(verdictLanguage("en")).toBe("en");
    expect(verdictLanguage("en-GB")).toBe("en");
    expect(verdictLanguage("ru")).toBe("ru");
    expect(verdictLanguage("de")).toBe("ru");
    expect(seatName(["Анна", "  "], 0, "ru")).toBe("Анна");
    expect(seatName(["Анна", "  "], 1, "ru")).toBe("Игрок 2");
    expect(seatName([null, null], 0, "en")).toBe("Player 1");
  });
});

describe("verdictSentences – any verdict a record holds", () => {
  it("splits a text told whole into sentences without cutting at a clause's «п. 3»", () => {
    expect(splitSentences("Штраф: не выполнено правило отыгрыша (п. 3). Полка пуста.")).toEqual([
      "Штраф: не выполнено правило отыгрыша (п. 3).",
      "Полка пуста.",
    ]);
  });

  it("falls back to the verdict's own explanation, then to the clock or a plain «Удар сыгран.»", () => {
    const told = { explanation: { ru: "Старый текст (п. 5). Второе.", en: "Old text. Second." } };
    expect(verdictSentences({ kind: "shot", seat: 0, verdict: told }, [], "ru")).toEqual([
      "Старый текст (п. 5).",
      "Второе.",
    ]);
    expect(verdictText({ kind: "shot", seat: 0, verdict: null }, [], "ru")).toBe("Удар сыгран.");
    expect(verdictText({ kind: "clock", seat: 1, verdict: {} }, ["Анна", "Борис"], "en")).toBe(
      "Борис: the shot clock ran out, judged as a miss.",
    );
  });

  it("words a verdict missing the newer fields, and skips the drops it cannot read", () => {
    const old = {
      foul: false,
      reasons: [],
      drops: [{ ball: 3, pocket: "FL", fate: "called", index: 2 }, { ball: "x" }, null],
      counted: [3],
      next: { player: 1, mayPass: false },
      cue: 7,
    };
    expect(readShotVerdict(old)?.lastBall).toEqual({ before: false, after: false });
    expect(verdictText({ kind: "shot", seat: 0, verdict: old }, ["Анна", "Борис"], "ru")).toBe(
      "Анна забивает: шар 3 (чужой) в левую угловую у пирамиды (п. 6). На полку: 3. Бьёт Борис (п. 9).",
    );
    expect(readShotVerdict({ foul: "yes", drops: [] })).toBeNull();
    expect(() => verdictText({ kind: "lag", seat: -1, verdict: { losses: [7, null] } }, [], "ru")).not.toThrow();
  });
});

import { enVerdictWords, ruVerdictWords } from "@habibka/shared/verdict-words";
import { describe, expect, it } from "vitest";
import { en } from "../src/i18n/en.ts";
import { ru } from "../src/i18n/ru.ts";
import { keys, lookup, placeholders } from "./support/catalogue.ts";

describe("i18n resources", () => {
  it("every Russian key exists in English and vice versa", () => {
    const ruKeys = keys(ru).sort();
    const enKeys = keys(en).sort();
    expect(enKeys.filter((k) => !ruKeys.includes(k))).toEqual([]);
    expect(ruKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
  });
  it("no text is empty and both languages use the same placeholders", () => {
    for (const key of keys(ru)) {
      expect(lookup(ru, key).trim(), key).not.toBe("");
      expect(lookup(en, key).trim(), key).not.toBe("");
      expect(placeholders(lookup(en, key)), key).toEqual(placeholders(lookup(ru, key)));
    }
  });
  it("the Russian texts use the players' own words", () => {
    const all = keys(ru)
      .map((k) => lookup(ru, k))
      .join(" ")
      .toLowerCase();
    const words = ["свояк", "чужой", "дуплет", "отыгрыш", "полка", "штраф", "дом", "раскат", "биток", "луза", "створ"];
    for (const word of words) expect(all).toContain(word);
  });
  it("holds no verdict sentence of its own: those are the shared verdict catalogue's only", () => {
    // The call names balls and pockets as the verdicts do, by reference to the same entries; the picture's
    // heading is a label like the table's own ("Shot 3 · Anna"), not a verdict.
    const shared = (words: object) =>
      new Set(
        keys(words)
          .filter((k) => !k.startsWith("caption."))
          .map((k) => lookup(words, k)),
      );
    for (const [messages, words] of [
      [ru, ruVerdictWords],
      [en, enVerdictWords],
    ] as const) {
      const sentences = shared(words);
      const copies = keys(messages).filter(
        (k) => !/^call\.(?:pockets|short)\./.test(k) && k !== "call.ball" && sentences.has(lookup(messages, k)),
      );
      // A lone word ("свояк", "прямо") may be a button's label too; anything longer is a verdict's.
      expect(copies.filter((k) => lookup(messages, k).includes(" "))).toEqual([]);
    }
  });
});

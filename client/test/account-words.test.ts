import { describe, expect, it } from "vitest";
import { enAccountPageWords, ruAccountPageWords } from "../src/i18n/account-page-words.ts";
import { ru } from "../src/i18n/ru.ts";

/**
 * The account's pages bring their words with them (they are not in ru.ts and en.ts, whose own test does
 * not see them): the same rules hold for them.
 */

function keys(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === "object" && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function lookup(tree: object, key: string): string {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree) as string;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("the account pages' words", () => {
  it("have the same keys in Russian and English, none empty, with the same placeholders", () => {
    expect(keys(enAccountPageWords).sort()).toEqual(keys(ruAccountPageWords).sort());
    for (const key of keys(ruAccountPageWords)) {
      expect(lookup(ruAccountPageWords, key).trim(), key).not.toBe("");
      expect(lookup(enAccountPageWords, key).trim(), key).not.toBe("");
      expect(placeholders(lookup(enAccountPageWords, key)), key).toEqual(placeholders(lookup(ruAccountPageWords, key)));
    }
  });

  it("add sections of their own, so that loading them changes none of the first download's words", () => {
    expect(Object.keys(ruAccountPageWords).filter((section) => section in ru)).toEqual([]);
  });

  it("call a passkey «ключ доступа», as Russian systems do, never a borrowed word", () => {
    const all = keys(ruAccountPageWords).map((k) => lookup(ruAccountPageWords, k));
    expect(ruAccountPageWords.passkeys.title).toBe("Ключи доступа");
    expect(all.filter((text) => /passkey|пасск|webauthn/i.test(text))).toEqual([]);
  });
});

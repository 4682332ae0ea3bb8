import { describe, expect, it } from "vitest";
import { enAccountPageWords, ruAccountPageWords } from "../src/i18n/account-page-words.ts";
import { ru } from "../src/i18n/ru.ts";
import { expectMatchingCatalogues, keys, lookup } from "./support/catalogue.ts";

/**
 * The account's pages bring their words with them (they are not in ru.ts and en.ts, whose own test does
 * not see them): the same rules hold for them.
 */

describe("the account pages' words", () => {
  it("have the same keys in Russian and English, none empty, with the same placeholders", () => {
    expectMatchingCatalogues(ruAccountPageWords, enAccountPageWords);
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

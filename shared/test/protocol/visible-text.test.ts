import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ChatMessage, CreateTableOptions, cleanChatText, PlayerName } from "../../src/protocol/index.ts";

const accepts = (name: string) => PlayerName.safeParse(name);
const refusal = (name: string) => {
  const parsed = PlayerName.safeParse(name);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe("PlayerName – names of any script, and nothing invisible", () => {
  it.each([
    ["Russian", "Анна Петрова"],
    ["Hindi with vowel signs and virama", "अर्जुन शर्मा"],
    ["Thai with tone marks", "สมชาย ใจดี"],
    ["Vietnamese, decomposed", "Nguye\u0302\u0303n Va\u0306n"],
    ["Arabic", "علي"],
    ["Georgian", "ნინო"],
    ["punctuation the rules allow", "O'Neil_J.-2"],
  ])("accepts %s", (_what, name) => {
    expect(accepts(name).success).toBe(true);
  });

  it("normalises to NFC and trims, so a name typed two ways is one name", () => {
    expect(PlayerName.parse("  Nguye\u0302\u0303n  ")).toBe("Nguyễn");
    expect(PlayerName.parse("Nguyễn")).toBe("Nguyễn");
  });

  it.each([
    ["U+3164 Hangul filler alone", "\u3164", "name must not contain invisible characters"],
    ["U+FFA0 halfwidth filler inside a name", "Ann\uFFA0a", "name must not contain invisible characters"],
    ["the Braille blank", "\u2800\u2800", "name must not contain invisible characters"],
    ["a right-to-left override", "Anna\u202Eevil", "name must not contain direction controls"],
    ["a direction isolate", "\u2067Anna", "name must not contain direction controls"],
    ["a zero-width space", "An\u200Bna", "name must not contain zero-width characters"],
    ["a zero-width joiner", "An\u200Dna", "name must not contain zero-width characters"],
    ["nothing", "   ", "enter a name"],
    ["marks with no letter", "\u0301\u0302", "name needs a visible letter or digit"],
    ["markup", "<script>", "name may contain letters, digits, spaces and . _ - ' only"],
    ["25 characters", "я".repeat(25), "name must be at most 24 characters"],
  ])("refuses %s with its own message", (_what, name, message) => {
    expect(refusal(name)).toBe(message);
  });

  it("counts characters, not UTF-16 units: 24 Devanagari letters with marks fit", () => {
    expect(accepts("कि".repeat(12)).success).toBe(true);
  });

  it("never accepts a name that keeps a hidden character (property)", () => {
    const hiddenCharacters = ["\u202E", "\u200B", "\u200D", "\u3164", "\uFFA0", "\u2066", "\uFEFF", "\u2800"];
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 10 }),
        fc.constantFrom(...hiddenCharacters),
        fc.nat(10),
        (base, hidden, at) => {
          const parsed = accepts(`${base.slice(0, at)}${hidden}${base.slice(at)}`);
          // Trimming may drop a leading or trailing one (U+FEFF is white space); none may be kept.
          if (parsed.success) expect(hiddenCharacters.some((c) => parsed.data.includes(c))).toBe(false);
        },
      ),
      { seed: 1201, numRuns: 300 },
    );
  });
});

describe("chat text – hidden characters stripped, what can be seen kept", () => {
  it("removes direction controls, zero-width characters and fillers, and normalises", () => {
    expect(cleanChatText(" hi \u202Ethere\u200B\u3164 ")).toBe("hi there");
    expect(cleanChatText("e\u0301")).toBe("é");
  });

  it("refuses a line that is empty once cleaned, and one over 200 characters", () => {
    expect(ChatMessage.safeParse({ text: "\u200B\u202E " }).success).toBe(false);
    expect(ChatMessage.safeParse({ text: "ы".repeat(201) }).success).toBe(false);
    expect(ChatMessage.parse({ text: "Ход!\u2066" })).toEqual({ text: "Ход!" });
  });
});

describe("table options – a public table always has a shot clock", () => {
  it("defaults a public table's clock to 60 s and a private one's to off", () => {
    expect(CreateTableOptions.parse({ name: "A" }).shotClock).toBe(60);
    expect(CreateTableOptions.parse({ name: "A", visibility: "private" }).shotClock).toBe(0);
    expect(CreateTableOptions.parse({ name: "A", visibility: "public", shotClock: 30 }).shotClock).toBe(30);
  });

  it("refuses a public table without one, and options the protocol does not have", () => {
    const off = CreateTableOptions.safeParse({ name: "A", visibility: "public", shotClock: 0 });
    expect(off.success).toBe(false);
    expect(off.error?.issues[0]).toMatchObject({ path: ["shotClock"], message: "a public table needs a shot clock" });
    expect(CreateTableOptions.safeParse({ name: "A", maxClients: 9 }).success).toBe(false);
  });
});

import { STROKE_MARKS } from "@habibka/shared/protocol";
import { describe, expect, it } from "vitest";
import { enAnalysisWords, ruAnalysisWords } from "../src/i18n/analysis-words.ts";
import { ru } from "../src/i18n/ru.ts";
import { expectMatchingCatalogues } from "./support/catalogue.ts";

/**
 * The match page's analysis brings its words with it (they are not in ru.ts and en.ts, whose own test does
 * not see them): the same rules hold for them.
 */

describe("the analysis' words", () => {
  it("have the same keys in Russian and English, none empty, with the same placeholders", () => {
    expectMatchingCatalogues(ruAnalysisWords, enAnalysisWords);
  });

  it("add a section of their own, so that loading them changes none of the first download's words", () => {
    expect(Object.keys(ruAnalysisWords).filter((section) => section in ru)).toEqual([]);
  });

  it("name every mark the analysis gives, and every refusal the page may meet", () => {
    expect(Object.keys(ruAnalysisWords.analysis.marks).sort()).toEqual([...STROKE_MARKS].sort());
    expect(Object.keys(ruAnalysisWords.analysis.refused)).toEqual(
      expect.arrayContaining(["analysis-busy", "too-many-analyses", "analysis-failed", "no-analysis", "not-finished"]),
    );
  });
});

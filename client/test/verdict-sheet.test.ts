import { describe, expect, it } from "vitest";
import { verdictSentences } from "../src/ui/VerdictSheet.tsx";

describe("the verdict sheet's sentences", () => {
  it("breaks at sentence ends, not inside a rule reference", () => {
    expect(
      verdictSentences(
        "Компьютер · новичок забивает: шар 15 (чужой) в левую угловую у пирамиды (п. 6). На полку: 15. Бьёт Анна (п. 9).",
      ),
    ).toEqual([
      "Компьютер · новичок забивает: шар 15 (чужой) в левую угловую у пирамиды (п. 6).",
      "На полку: 15.",
      "Бьёт Анна (п. 9).",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import type { ShotBroadcast } from "../src/net/messages.ts";
import { lagMarks } from "../src/table/lag-marks.ts";

const before = [
  { id: 1, x: -1.3, y: 0.3 },
  { id: 2, x: -1.3, y: -0.3 },
];
const verdict = (distances?: readonly (number | null)[]) =>
  ({
    losses: [[], []],
    winner: 1,
    ...(distances ? { distances } : {}),
    explanation: { ru: "", en: "" },
  }) as unknown as ShotBroadcast["verdict"];

describe("the lag's marks on the table", () => {
  const rest = [
    { id: 1, x: -0.4198, y: 0.2 },
    { id: 2, x: -1.2101, y: -0.2 },
  ];

  it("give each ball's distance from the head cushion in the verdict's words, with a decimal comma in Russian", () => {
    const message = { kind: "lag" as const, before, verdict: verdict([0.8502, 0.0599]) };
    expect(lagMarks(message, rest, ["Анна", "Компьютер"], "ru").map((m) => [m.ball, m.text])).toEqual([
      [1, "Анна — 0,85 м"],
      [2, "Компьютер — 0,06 м"],
    ]);
    expect(lagMarks(message, rest, ["Anna", "Computer"], "en").map((m) => m.text)).toEqual([
      "Anna 0.85 m",
      "Computer 0.06 m",
    ]);
  });

  it("measure from where the balls stopped when the verdict carries no distances, and skip a ball off the table", () => {
    const message = { kind: "lag" as const, before, verdict: verdict() };
    // The table is 3.55 m long: the head cushion is 1.775 m behind the centre.
    expect(lagMarks(message, rest.slice(0, 1), ["Анна", "Борис"], "ru").map((m) => m.text)).toEqual(["Анна — 1,36 м"]);
  });

  it("are none for a shot that is not the lag", () => {
    expect(lagMarks({ kind: "shot", before, verdict: verdict([0.1, 0.2]) }, rest, [], "ru")).toEqual([]);
  });
});

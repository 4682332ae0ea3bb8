import type { VerdictDrawing } from "@habibka/painter";
import type { ShotVerdict } from "@habibka/shared";
import { safetyShortfall } from "@habibka/shared/verdict-words";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "../src/i18n/en.ts";
import { ru } from "../src/i18n/ru.ts";
import type { ActionBroadcast, ShotBroadcast } from "../src/net/messages.ts";
import { actionText } from "../src/ui/action-text.ts";
import { legendLines } from "../src/ui/drawing-text.ts";
import { verdictText } from "../src/ui/verdict-text.ts";

const names = ["Анна", "Борис"] as const;

beforeAll(async () => {
  await i18next.init({
    resources: { ru: { translation: ru }, en: { translation: en } },
    lng: "ru",
    interpolation: { escapeValue: false },
  });
});
const tr = (lng: "ru" | "en") => i18next.getFixedT(lng);

const base: ShotVerdict = {
  foul: false,
  reasons: [],
  counted: [],
  spotted: [],
  penalty: null,
  penaltyBall: null,
  paidDebt: [],
  drops: [],
  safety: null,
  coloured: "in-place",
  opening: false,
  cue: 5,
  bonus: false,
  winner: null,
  next: { player: 0, mayPass: false },
  lastBall: { before: false, after: false },
  shelf: [0, 0],
  debt: [0, 0],
  clauses: [],
  explanation: { ru: "серверный текст", en: "server text" },
};

function shot(verdict: Partial<ShotVerdict>, over: Partial<ShotBroadcast> = {}): ShotBroadcast {
  return {
    matchId: "m",
    number: 9,
    kind: "shot",
    seat: 1,
    request: {},
    before: [],
    events: [],
    trace: "",
    duration: 1,
    elapsed: 0,
    verdict: { ...base, ...verdict },
    ...over,
  };
}

describe("verdicts in the players' words and names", () => {
  it("a foul names the offender, says штраф, and hands the choice to the opponent by name", () => {
    const text = verdictText(
      shot({
        foul: true,
        reasons: ["coloured-touched"],
        penalty: "debt",
        next: { player: 0, mayPass: true },
      }),
      names,
      "ru",
    );
    expect(text).toContain("Штраф — Борис: касание цветного шара (п. 10)");
    expect(text).toContain("долг — Борис");
    expect(text).toContain("Решает Анна: бить или пусть продолжает Борис");
    expect(text).not.toMatch(/игрок[ау]? \d|сфолил|за игроком/);
  });

  it("a failed safety says what was missing after the first collision", () => {
    const collision = { t: 0.5, type: "collision", a: 5, b: 7, ax: 0, ay: 0, bx: 0.068, by: 0 } as const;
    const cushion = { t: 0.9, type: "cushion", ball: 7, cushion: "F", x: 1.7, y: 0 } as const;
    expect(safetyShortfall([collision])).toBe("no-cushion");
    expect(safetyShortfall([collision, cushion])).toBe("not-enough");
    const text = verdictText(
      shot({ foul: true, reasons: ["no-safety"], penalty: "shelf", penaltyBall: 4 }, { events: [collision] }),
      names,
      "ru",
    );
    expect(text).toContain("ни один шар не коснулся борта, не пересёк центральную линию и не упал в лузу");
    expect(text).toContain("Штрафной шар 4 снят с полки");
  });

  it("a pot says who scored what, свояк or чужой, and how", () => {
    const text = verdictText(
      shot({
        drops: [{ ball: 5, pocket: "FL", index: 3, fate: "called", way: "bank" }],
        counted: [5],
        bonus: true,
        next: { player: 1, mayPass: true },
      }),
      names,
      "ru",
    );
    expect(text).toContain("Борис забивает: шар 5 (свояк) в левую угловую у пирамиды дуплетом (п. 6).");
    expect(text).toContain("На полку: 5");
    expect(text).toContain("Борис: дополнительный удар");
  });

  it("the lag's result names the players, in both languages", () => {
    const lag = shot(
      {},
      {
        kind: "lag",
        seat: -1,
        verdict: {
          losses: [[], ["long-cushion"]],
          distances: [0.2, 0.3],
          winner: 0,
          explanation: { ru: "игрок 1", en: "player 1" },
        },
      },
    );
    const ruText = verdictText(lag, names, "ru");
    expect(ruText).toContain("Раскат: побеждает Анна");
    expect(ruText).toContain("Борис: шар коснулся длинного борта");
    expect(ruText).not.toContain("игрок");
    expect(verdictText(lag, names, "en")).toContain("The lag: Анна wins");
  });

  it("the lag's verdict gives each ball's distance from the head cushion, in metres to the centimetre", () => {
    const verdict = {
      losses: [[], []],
      distances: [0.8512, 0.0589],
      winner: 1,
      explanation: { ru: "", en: "" },
    } as unknown as ShotBroadcast["verdict"];
    const lag = shot({}, { kind: "lag", seat: -1, verdict });
    expect(verdictText(lag, names, "ru")).toContain("До головного борта: Анна — 0,85 м, Борис — 0,06 м.");
    expect(verdictText(lag, names, "en")).toContain("From the head cushion: Анна 0.85 m, Борис 0.06 m.");
  });

  it("a lag verdict without distances (an older record's) reads as before, and a ball off the table has none", () => {
    // Read as it is stored: a verdict may come from any earlier version.
    const before = {
      losses: [[], []],
      winner: 0,
      explanation: { ru: "", en: "" },
    } as unknown as ShotBroadcast["verdict"];
    const old = shot({}, { kind: "lag", seat: -1, verdict: before });
    expect(verdictText(old, names, "ru")).toBe("Раскат: побеждает Анна и разбивает с руки из дома (п. 5).");
    const off = {
      losses: [[], ["off-table"]],
      distances: [0.4, null],
      winner: 0,
      explanation: { ru: "", en: "" },
    } as unknown as ShotBroadcast["verdict"];
    expect(verdictText(shot({}, { kind: "lag", seat: -1, verdict: off }), names, "en")).toContain(
      "From the head cushion: Анна 0.40 m. Борис: the ball left the table.",
    );
  });

  it("a verdict this page cannot read falls back to the server's explanation", () => {
    // A verdict from an older or a foreign server: only the explanation is readable.
    const unreadable = { explanation: { ru: "серверный текст", en: "server text" } } as ShotBroadcast["verdict"];
    const odd = shot({}, { verdict: unreadable });
    expect(verdictText(odd, names, "en")).toBe("server text");
  });

  it("decisions that are not shots read with names", () => {
    const pass: ActionBroadcast = { kind: "pass", seat: 0, shotNumber: 10, offer: "foul" };
    expect(actionText(pass, names, tr("ru"))).toBe("Анна не бьёт после штрафа — продолжает Борис");
    const resign: ActionBroadcast = { kind: "resign", seat: 1, shotNumber: 10 };
    expect(actionText(resign, names, tr("en"))).toBe("Борис resigns: Анна wins the match");
  });
});

describe("verdictText – the safety rule's condition as each reader's rules letter it", () => {
  it("condition e is «п. 3д» in Russian and “clause 3e” in English", () => {
    const safe = shot({ safety: "e", next: { player: 0, mayPass: false } });
    expect(verdictText(safe, names, "ru")).toContain("(п. 3д)");
    expect(verdictText(safe, names, "en")).toContain("(clause 3e)");
  });
});

describe("legendLines – the drawing's legend in the verdict catalogue's words", () => {
  const collision = { t: 0.5, type: "collision", a: 5, b: 7, ax: 0, ay: 0, bx: 0.068, by: 0 } as const;
  const drawing: VerdictDrawing = {
    items: [
      {
        kind: "called-path",
        ball: 7,
        pocket: "ML",
        way: "bank",
        points: [],
        outcome: "missed",
        t: null,
        clause: "6",
        proof: false,
        event: null,
      },
    ],
    safety: { met: false },
  };

  it("names the call and, for a failed safety, says what the verdict's штраф says was missing", () => {
    const lines = legendLines(drawing, [collision], "ru");
    expect(lines.map((l) => [l.text, l.clause])).toEqual([
      ["Заказ: шар 7 — в левую среднюю, дуплетом: не сыгран", "п. 6"],
      [
        "не выполнен отыгрыш: после первого соударения ни один шар не коснулся борта, не пересёк центральную линию и не упал в лузу (п. 3)",
        "п. 3",
      ],
    ]);
    const foul = verdictText(shot({ foul: true, reasons: ["no-safety"] }, { events: [collision] }), names, "ru");
    expect(foul).toContain(lines[1]!.text);
    expect(legendLines(drawing, [collision], "en")[0]).toMatchObject({
      text: "Call: ball 7 into the left middle, off a cushion [дуплет]: missed",
      clause: "cl. 6",
    });
  });
});

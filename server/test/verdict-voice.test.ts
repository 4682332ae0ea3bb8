import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseMatchPage } from "@habibka/client/match-page/match-data";
import { verdictText } from "@habibka/client/ui/verdict-text";
import { type LagVerdict, type MatchShot, matchShots, type PlayedStroke } from "@habibka/shared/match";
import { expireShotClock, playLag } from "@habibka/shared/pipeline";
import type { ContractVerdict, Scenario } from "@habibka/shared/rules";
import { formatOneCopies, readGoldenRecord } from "@habibka/shared/testing/golden-records";
import { BANK_ML, IN_MOUTH, LAST_BALL, MISS, POT_FL } from "@habibka/shared/testing/scenario-cases";
import { axisAngle, ball, onAxis, parked, play } from "@habibka/shared/testing/scenario-shots";
import { startedMatch } from "@habibka/shared/testing/started-match";
import { verdict } from "@habibka/shared/testing/verdict";
import { splitSentences, type VerdictLanguage } from "@habibka/shared/verdict-words";
import { describe, expect, it } from "vitest";
import { shotDescription } from "../src/http/match-pages.ts";
import { pictureCaption } from "../src/http/shot-picture.ts";

/**
 * One voice for verdicts: for representative shots, what the live table and the match page show
 * (client/src/ui/verdict-text.ts, on the shot as the match page reads it from the API), what a shared link
 * says (the page's og:description), the caption under the shot's picture and `habibka-sim`'s explanation
 * are the same words, in Russian and in English. The shots are real: the scenarios of the shared tests,
 * simulated and judged, each pinned to its contract verdict with the verdict kit, plus the lag and the shot
 * clock through the pipeline and every stroke of the golden record written by an earlier version.
 */

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const MATCH_ID = "6f1f0d1e-3c55-4c1e-9d43-0a8b3f2c1d01";
const NAMES = ["Анна", "Борис"] as const;
/** The match page's names for seats nobody named: the record's nulls, read as empty. */
const UNNAMED = ["", ""] as const;
const LANGUAGES: readonly VerdictLanguage[] = ["ru", "en"];

interface Case {
  readonly scenario: Scenario;
  /** The contract verdict the shot must have, so that the case is the verdict it is named for. */
  readonly verdict: ContractVerdict;
}

const centre = ball(0, { x: 0, y: 0 });
const bothFL = [
  { ball: 3, pocket: "FL", way: "direct" },
  { ball: 7, pocket: "FL", way: "direct" },
] as const;
const openingTable = [
  centre,
  ball(3, onAxis("HL", 0.3)),
  ball(7, onAxis("HL", 0.6)),
  ...parked([1, 2, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15], 1.2),
];

const CASES: Readonly<Record<string, Case>> = {
  "a called pot, the turn passes (clauses 6, 9)": {
    scenario: {
      balls: POT_FL.table,
      shot: POT_FL.stroke,
      call: [{ ball: 3, pocket: "FL", way: "direct" }],
      match: { shelf: [6, 5] },
    },
    verdict: verdict({ counted: [3], next: { player: 1, mayPass: false }, shelf: [7, 5] }),
  },
  "a called bank [дуплет] earns a bonus shot (clause 9)": {
    scenario: {
      balls: BANK_ML.table,
      shot: BANK_ML.stroke,
      call: [{ ball: 3, pocket: "ML", way: "bank" }],
      match: { shelf: [6, 5] },
    },
    verdict: verdict({ counted: [3], bonus: true, next: { player: 0, mayPass: true }, shelf: [7, 5] }),
  },
  "an accidental ball: the cue ball follows the called one in (clause 6)": {
    scenario: {
      balls: POT_FL.table,
      shot: POT_FL.follow,
      call: [{ ball: 3, pocket: "FL", way: "direct" }],
      match: { shelf: [6, 5] },
    },
    verdict: verdict({ counted: [3], spotted: [7], bonus: true, next: { player: 0, mayPass: true }, shelf: [7, 5] }),
  },
  "straight-flying balls [прямолетящий] win the match (clauses 2, 7)": {
    scenario: { balls: POT_FL.table, shot: POT_FL.follow, match: { shelf: [6, 5] } },
    verdict: verdict({ counted: [3, 7], next: { player: 1, mayPass: false }, shelf: [8, 5], winner: 0 }),
  },
  "a double call met in part (clause 8)": {
    scenario: {
      balls: [...POT_FL.table, ...parked([1, 2])],
      shot: POT_FL.stroke,
      call: [...bothFL],
      match: { shelf: [4, 5] },
    },
    verdict: verdict({ spotted: [3], next: { player: 1, mayPass: false }, shelf: [4, 5] }),
  },
  "the opening shot [разбой]: a ball dropped without a call (clause 5)": {
    scenario: {
      balls: openingTable,
      shot: { cue: 7, angle: axisAngle("HL"), speed: 2 },
      match: { shelf: [0, 0], opening: true },
    },
    verdict: verdict({ spotted: [3], next: { player: 1, mayPass: false }, shelf: [0, 0] }),
  },
  "a debt paid (clause 15)": {
    scenario: {
      balls: [...POT_FL.table, ...parked([1, 2, 4, 5, 6, 8])],
      shot: POT_FL.stroke,
      call: [{ ball: 3, pocket: "FL", way: "direct" }],
      match: { shelf: [0, 5], debt: [1, 0] },
    },
    verdict: verdict({ spotted: [3], next: { player: 1, mayPass: false }, shelf: [0, 5] }),
  },
  "a miss costs the last shelf ball (clauses 15, 17)": {
    scenario: { balls: MISS.table, shot: MISS.stroke, match: { shelf: [6, 5] } },
    verdict: verdict({
      foul: true,
      reasons: ["miss"],
      spotted: [8],
      penalty: "shelf",
      next: { player: 1, mayPass: true },
      shelf: [5, 5],
    }),
  },
  "a miss with an empty shelf: a debt (clause 15)": {
    scenario: { balls: [...MISS.table, ...parked([1, 2, 4, 5, 6, 8])], shot: MISS.stroke, match: { shelf: [0, 5] } },
    verdict: verdict({
      foul: true,
      reasons: ["miss"],
      penalty: "debt",
      next: { player: 1, mayPass: true },
      shelf: [0, 5],
      debt: [1, 0],
    }),
  },
  "a safety [отыгрыш]: a ball stops in a pocket's mouth [створ] (clause 3b)": {
    scenario: { balls: IN_MOUTH.table, shot: IN_MOUTH.stroke, match: { shelf: [6, 6] } },
    verdict: verdict({ next: { player: 1, mayPass: false }, shelf: [6, 6] }),
  },
  "no safety: nothing reached a cushion (clause 3)": {
    scenario: { balls: IN_MOUTH.table, shot: { ...IN_MOUTH.stroke, speed: 0.3 }, match: { shelf: [6, 6] } },
    verdict: verdict({
      foul: true,
      reasons: ["no-safety"],
      spotted: [8],
      penalty: "shelf",
      next: { player: 1, mayPass: true },
      shelf: [5, 6],
    }),
  },
  "the coloured ball touched and put back (clause 10)": {
    scenario: {
      balls: [centre, ball(7, { x: -0.5, y: 0.2 }), ball(3, { x: 1.2, y: -0.3 }), ball(12, { x: -1.0, y: -0.5 })],
      shot: { cue: 7, angle: -20, speed: 2 },
      match: { shelf: [6, 6] },
    },
    verdict: verdict({
      foul: true,
      reasons: ["coloured-touched"],
      spotted: [8],
      penalty: "shelf",
      next: { player: 1, mayPass: true },
      shelf: [5, 6],
    }),
  },
  "last-ball play: the coloured ball not as called is spotted (clause 13)": {
    scenario: {
      balls: LAST_BALL.table,
      shot: LAST_BALL.stroke,
      call: [{ ball: 0, pocket: "FR", way: "direct" }],
      match: { shelf: [7, 7] },
    },
    verdict: verdict({ spotted: [0], next: { player: 1, mayPass: false }, shelf: [7, 7] }),
  },
  "last-ball play: the cue ball follows the coloured ball in, a foul that ends it (clauses 12, 14)": {
    scenario: {
      balls: LAST_BALL.table,
      shot: LAST_BALL.follow,
      call: [{ ball: 0, pocket: "FL", way: "direct" }],
      match: { shelf: [7, 7] },
    },
    verdict: verdict({
      foul: true,
      reasons: ["last-ball-cue-pocketed"],
      spotted: [5, 8],
      penalty: "shelf",
      next: { player: 1, mayPass: true },
      shelf: [6, 7],
    }),
  },
};

/** The unified words of a few shots, pinned: what every reader of them is shown, in both languages. */
const PINNED: Readonly<Record<string, Readonly<Record<VerdictLanguage, string>>>> = {
  "the opening shot [разбой]: a ball dropped without a call (clause 5)": {
    ru: "Разбой с руки из дома (п. 5). Не засчитано: шар 3 — упал при разбое без заказа (п. 5). Выставлены к короткому борту: 3 (п. 4). Бьёт Борис (п. 9).",
    en: "The break, from hand in the house (clause 5). Not counted: ball 3: dropped on the break without a call (clause 5). Spotted at the foot cushion: 3 (clause 4). Борис to play (clause 9).",
  },
  "a called bank [дуплет] earns a bonus shot (clause 9)": {
    ru: "Анна забивает: шар 3 (чужой) в левую среднюю дуплетом (п. 6). На полку: 3. Анна: дополнительный удар (п. 9), его можно передать сопернику.",
    en: "Анна scores: ball 3 (object ball [чужой]) into the left middle off a cushion [дуплет] (clause 6). To the shelf [полка]: 3. Анна: a bonus shot (clause 9), which may be passed to the opponent.",
  },
  "a miss with an empty shelf: a debt (clause 15)": {
    ru: "Штраф — Анна: промах, биток не задел ни одного шара (п. 17). Полка пуста: долг — Анна, один шар; его погасит следующий забитый шар (п. 15). Решает Борис: бить или пусть продолжает Анна (п. 16).",
    en: "Foul [штраф], Анна: a miss, the cue ball touched no ball (clause 17). The shelf is empty: Анна owes one ball, paid by the next ball scored (clause 15). Борис decides: shoot, or make Анна continue (clause 16).",
  },
};

/** The match page's reading of a stroke, from the JSON the API sends (client/src/match-page/match-data.ts). */
function pageMessage(played: PlayedStroke, players: readonly [string, string]) {
  const page = parseMatchPage({ id: MATCH_ID, players, shots: [{ ...played, trace: "" }] });
  const message = page?.shots[0]?.message;
  if (!message) throw new Error("the match page could not read the stroke");
  return message;
}

/** The first sentence of a paragraph the client shows: it must be that paragraph's beginning. */
function opening(text: string): string {
  const first = splitSentences(text)[0] ?? "";
  expect(text === first || text.startsWith(`${first} `), text).toBe(true);
  return first;
}

/**
 * The page, the link and the picture say the same of `shot`; with `explanation` (the command's, or the
 * pipeline's for a lag or a clock), the page with unnamed players says exactly that too.
 */
function expectOneVoice(shot: MatchShot, explanation?: { readonly ru: string; readonly en: string }): void {
  for (const language of LANGUAGES) {
    const shown = verdictText(pageMessage(shot.played, [...NAMES]), NAMES, language);
    const first = opening(shown);
    expect(first.length, shown).toBeGreaterThan(5);
    // The picture and the link tell the shot by one of the page's own sentences, word for word: the first,
    // or for a foul the one that names it (a break's or a run-out clock's sentence would come first).
    const lead = pictureCaption({ shot, players: NAMES, language }).verdict;
    expect(splitSentences(shown), shown).toContain(lead);
    if (!isFoul(shot)) expect(lead).toBe(first);
    if (language === "ru") expect(shotDescription(shot, NAMES)).toBe(lead);
    if (explanation) {
      expect(verdictText(pageMessage(shot.played, [...UNNAMED]), UNNAMED, language)).toBe(explanation[language]);
    }
  }
}

function isFoul(shot: MatchShot): boolean {
  const verdict = shot.played.verdict as { readonly foul?: unknown };
  return shot.played.kind !== "lag" && verdict.foul === true;
}

function matchShot(played: PlayedStroke, score: readonly [number, number]): MatchShot {
  return {
    played,
    at: 0,
    before: { shelves: [[], []], debts: [0, 0], opening: false },
    rest: [],
    after: [],
    score,
  };
}

describe("one voice for verdicts: the table, the match page, the link, the picture and habibka-sim", () => {
  const names = Object.keys(CASES);
  const run = spawnSync(process.execPath, [`${ROOT}shared/src/sim/cli.ts`], {
    input: JSON.stringify(names.map((n) => CASES[n]!.scenario)),
    encoding: "utf8",
    timeout: 60_000,
  });
  const printed = () => JSON.parse(run.stdout) as { verdict: { explanation: { ru: string; en: string } } }[];

  it("the command answers every scenario", () => {
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(printed()).toHaveLength(names.length);
  });

  it.each(names.map((name, i) => [name, i] as const))("%s", (name, i) => {
    const { scenario, verdict: expected } = CASES[name]!;
    const { sim, outcome } = play(scenario);
    expect(outcome.verdict).toEqual(expected);
    const played: PlayedStroke = {
      kind: "shot",
      number: i + 1,
      seat: 0,
      request: {
        shotNumber: i + 1,
        stroke: { ...scenario.shot, offset: scenario.shot.offset ?? { x: 0, y: 0 } },
        call: scenario.call ?? [],
      },
      before: scenario.balls,
      events: sim.events,
      trace: new Uint8Array(0),
      duration: 0,
      verdict: outcome.details,
    };
    const explanation = printed()[i]!.verdict.explanation;
    expect(explanation).toEqual(outcome.explanation);
    expectOneVoice(matchShot(played, [expected.shelf[0], expected.shelf[1]]), explanation);
    const pinned = PINNED[name];
    if (pinned) {
      for (const language of LANGUAGES) {
        expect(verdictText(pageMessage(played, [...NAMES]), NAMES, language)).toBe(pinned[language]);
      }
    }
  });

  it("the lag [раскат], won and lost, through the pipeline", () => {
    const lag = (y: number, speed: number, angle = 0) => ({ place: { x: -1.3, y }, angle, speed });
    const first = playLag(startedMatch({ opening: "lag", seed: 7 }), 0, lag(0.3, 2.2));
    if (!first.ok) throw new Error(first.error.message);
    const out = playLag(first.value.state, 1, lag(-0.3, 2.4, -8));
    if (!out.ok || !out.value.played) throw new Error("the lag was not played");
    const played = out.value.played;
    expect(played.verdict).toMatchObject({ winner: 0, losses: [[], ["long-cushion"]] });
    expectOneVoice(matchShot(played, [0, 0]), (played.verdict as LagVerdict).explanation);
    expect(verdictText(pageMessage(played, [...NAMES]), NAMES, "ru")).toBe(
      "Раскат: побеждает Анна и разбивает с руки из дома (п. 5). До головного борта: Анна — 0,15 м, Борис — 0,14 м. " +
        "Борис: шар коснулся длинного борта.",
    );
    expect(verdictText(pageMessage(played, [...NAMES]), NAMES, "en")).toBe(
      "The lag: Анна wins and breaks from hand in the house (clause 5). From the head cushion: Анна 0.15 m, " +
        "Борис 0.14 m. Борис: the ball touched a long cushion.",
    );
  });

  it("a shot clock run out, through the pipeline: its explanation opens with the clock, as the table does", () => {
    const out = expireShotClock(startedMatch({ opening: "draw", seed: 3 }));
    if (!out.ok || !out.value.played) throw new Error("the clock shot was not played");
    const played = out.value.played;
    const explanation = (played.verdict as { explanation: { ru: string; en: string } }).explanation;
    expect(explanation.ru).toMatch(/^Игрок [12]: время на удар вышло, как промах\. Разбой с руки из дома \(п\. 5\)\./);
    expectOneVoice(matchShot(played, [0, 0]), explanation);
  });

  it("every stroke of a record written by an earlier version, whose stored explanation is the old wording", () => {
    const { record } = readGoldenRecord("format-1-match.json");
    const folded = matchShots(record);
    if (!folded.ok) throw new Error(folded.error.message);
    const strokes = folded.value.map((shot) => shot.played);
    expect(strokes.length).toBeGreaterThan(10);
    for (const played of strokes) expectOneVoice(matchShot(played, [0, 0]));
    // The record kept the server's old sentence for its break; the page now opens with the table's words,
    // and the link, this break being a foul, names the foul in the page's own sentence.
    const opened = strokes.find((p) => p.kind !== "lag" && p.verdict.opening === true)!;
    const kept = formatOneCopies(record, opened.number).verdict as { explanation: { ru: string } };
    expect(kept.explanation.ru).toMatch(/^Начальный удар/);
    const page = verdictText(pageMessage(opened, [...NAMES]), NAMES, "ru");
    expect(opening(page)).toBe("Разбой с руки из дома (п. 5).");
    expect(shotDescription(matchShot(opened, [0, 0]), NAMES)).toMatch(/^Штраф — Борис: не выполнен отыгрыш/);
  });
});

import { COLOURED_BALL } from "../table/balls.ts";
import type { FoulReason } from "./fouls.ts";
import type { DropFate, DropJudgement } from "./scoring.ts";
import type { ShotVerdict } from "./verdict-types.ts";

/**
 * Sentences for players, in Russian and in English, so that every verdict explains itself and a disputed shot
 * can be settled by reading it; they cite the clauses of docs/rules/clauses.ru.md and clauses.en.md and use
 * the players' own words: свояк, чужой, дуплет, отыгрыш, полка, штраф, створ.
 */
export interface Explanation {
  readonly ru: string;
  readonly en: string;
}

export const FOUL_TEXT: Readonly<Record<FoulReason, Explanation>> = {
  miss: { ru: "промах по шарам (п. 17)", en: "a miss, the cue ball touched no ball (clause 17)" },
  "cue-struck-coloured": {
    ru: "удар кием по цветному шару (п. 1, 17)",
    en: "the coloured ball was struck with the cue (clauses 1, 17)",
  },
  "coloured-touched": { ru: "касание цветного шара (п. 10)", en: "the coloured ball was touched (clause 10)" },
  "no-safety": { ru: "не выполнено правило отыгрыша (п. 3)", en: "the safety rule was not met (clause 3)" },
  "off-table": { ru: "шар выскочил за борт (п. 17)", en: "a ball left the table (clause 17)" },
  push: { ru: "пропих (п. 17)", en: "a push-through (clause 17)" },
  "last-ball-cue-pocketed": {
    ru: "биток упал в лузу не по заказу при игре в последнем шаре (п. 14)",
    en: "the cue ball dropped not as called in last-ball play (clause 14)",
  },
};

const SAFETY_LETTER_RU: Readonly<Record<string, string>> = {
  a: "а",
  b: "б",
  c: "в",
  d: "г",
  e: "д",
  f: "е",
  g: "ж",
  h: "з",
  i: "и",
};

/**
 * A clause as players write it: the safety rule's conditions are lettered а–и in Russian and a–i in English,
 * so "3c" is «3в» to a Russian reader. Clauses without a letter read the same in both.
 */
export function clauseName(clause: string, language: "ru" | "en"): string {
  const lettered = /^(\d+)([a-i])$/.exec(clause);
  if (!lettered || language === "en") return clause;
  return `${lettered[1]}${SAFETY_LETTER_RU[lettered[2]!]}`;
}

const SAFETY_TEXT: Readonly<Record<string, Explanation>> = {
  a: { ru: "шар упал в лузу", en: "a ball fell into a pocket" },
  b: { ru: "шар остановился в створе лузы", en: "a ball stopped in a pocket's mouth" },
  c: { ru: "шар коснулся борта, затем другого борта", en: "a ball touched a cushion, then another cushion" },
  d: {
    ru: "шар от борта ударил другой шар, который коснулся другого борта",
    en: "a ball off a cushion struck another ball, which touched another cushion",
  },
  e: {
    ru: "шар коснулся борта и пересёк центральную линию",
    en: "a ball touched a cushion, then crossed the centre line",
  },
  f: {
    ru: "шар от борта ударил другой шар, который пересёк центральную линию или коснулся шара на другой половине",
    en: "a ball off a cushion struck another ball, which crossed the centre line or touched a ball on the other half",
  },
  g: {
    ru: "шар пересёк центральную линию, затем коснулся борта",
    en: "a ball crossed the centre line, then touched a cushion",
  },
  h: {
    ru: "шар пересёк центральную линию и ударил другой шар, который коснулся борта",
    en: "a ball crossed the centre line and struck another ball, which touched a cushion",
  },
  i: {
    ru: "шар пересёк центральную линию и через другой шар довёл третий шар до борта",
    en: "a ball crossed the centre line and, through a second ball, drove a third ball to a cushion",
  },
};

function ballName(ball: number): Explanation {
  return ball === COLOURED_BALL
    ? { ru: "цветной шар", en: "the coloured ball" }
    : { ru: `шар ${ball}`, en: `ball ${ball}` };
}

function listRu(balls: readonly number[]): string {
  return balls.map((b) => (b === COLOURED_BALL ? "цветной" : String(b))).join(", ");
}

function listEn(balls: readonly number[]): string {
  return balls.map((b) => (b === COLOURED_BALL ? "the coloured ball" : String(b))).join(", ");
}

/** How a dropped ball is described: свояк is the cue ball itself, чужой any other ball. */
function scoredHow(d: DropJudgement, cue: number): Explanation {
  const kind = d.ball === cue ? { ru: "свояк", en: "own ball [свояк]" } : { ru: "чужой", en: "object ball [чужой]" };
  if (d.fate === "straight-flying") {
    return {
      ru: `${kind.ru}, прямолетящий без заказа, п. 7`,
      en: `${kind.en}, straight-flying without a call, clause 7`,
    };
  }
  const bank = d.way === "bank";
  return {
    ru: `${kind.ru} по заказу${bank ? " дуплетом" : ""}, п. 6`,
    en: `${kind.en} as called${bank ? ", off a cushion [дуплет]" : ""}, clause 6`,
  };
}

const MISSED: Readonly<Record<Exclude<DropFate, "called" | "straight-flying">, Explanation>> = {
  "partial-double-call": {
    ru: "двойной заказ выполнен не полностью, п. 8",
    en: "the double call was not fulfilled in full, clause 8",
  },
  "not-as-called": { ru: "не по заказу, п. 6", en: "not as called, clause 6" },
  accidental: { ru: "случайный шар, п. 6", en: "an accidental ball, clause 6" },
  uncalled: { ru: "без заказа, п. 6", en: "not called, clause 6" },
  "foul-shot": { ru: "удар штрафной", en: "the shot was a foul" },
};

type ExplainInput = Omit<ShotVerdict, "explanation">;

export function explainShot(v: ExplainInput): Explanation {
  const ru: string[] = [];
  const en: string[] = [];
  const cue = v.cue;
  if (v.opening) {
    ru.push("Начальный удар с руки из дома (п. 5).");
    en.push("Opening shot from hand in the house (clause 5).");
  }
  if (v.foul) {
    ru.push(`Штраф: ${v.reasons.map((r) => FOUL_TEXT[r].ru).join("; ")}.`);
    en.push(`Foul: ${v.reasons.map((r) => FOUL_TEXT[r].en).join("; ")}.`);
  } else if (v.safety && v.drops.length === 0) {
    const s = SAFETY_TEXT[v.safety]!;
    ru.push(`Отыгрыш выполнен: ${s.ru} (п. 3${SAFETY_LETTER_RU[v.safety]}).`);
    en.push(`Safety played: ${s.en} (clause 3${v.safety}).`);
  }
  const scored = v.drops.filter((d) => d.fate === "called" || d.fate === "straight-flying");
  if (scored.length > 0) {
    ru.push(`Сыграно: ${scored.map((d) => `${ballName(d.ball).ru} (${scoredHow(d, cue).ru})`).join("; ")}.`);
    en.push(`Scored: ${scored.map((d) => `${ballName(d.ball).en} (${scoredHow(d, cue).en})`).join("; ")}.`);
  }
  if (v.counted.length > 0) {
    ru.push(`На полку: ${listRu(v.counted)}.`);
    en.push(`To the shelf: ${listEn(v.counted)}.`);
  }
  if (v.paidDebt.length > 0) {
    ru.push(`В счёт долга (п. 15) выставлен: ${listRu(v.paidDebt)}.`);
    en.push(`Paid a debt and spotted (clause 15): ${listEn(v.paidDebt)}.`);
  }
  const missed = v.drops.filter((d) => d.fate !== "called" && d.fate !== "straight-flying" && d.fate !== "foul-shot");
  if (missed.length > 0) {
    const how = (d: DropJudgement) => MISSED[d.fate as keyof typeof MISSED];
    const opening = (d: DropJudgement) => v.opening && d.fate === "uncalled";
    ru.push(
      `Не засчитано: ${missed.map((d) => `${ballName(d.ball).ru} (${opening(d) ? "случайно упал при начальном ударе, п. 5" : how(d).ru})`).join("; ")}.`,
    );
    en.push(
      `Not counted: ${missed.map((d) => `${ballName(d.ball).en} (${opening(d) ? "dropped by chance on the opening shot, clause 5" : how(d).en})`).join("; ")}.`,
    );
  }
  if (v.foul && v.penalty === "shelf" && v.penaltyBall !== null) {
    ru.push(`Шар ${v.penaltyBall} с полки выставлен на стол (п. 15).`);
    en.push(`Ball ${v.penaltyBall} from the shelf is spotted (clause 15).`);
  } else if (v.foul && v.penalty === "debt") {
    ru.push("Полка пуста: за игроком долг в один шар, его погасит следующий сыгранный шар (п. 15).");
    en.push("The shelf is empty: the player owes a ball, paid by the next ball he scores (clause 15).");
  }
  // The penalty ball has its own sentence above; the coloured ball its own below.
  const white = v.spotted.filter((b) => b !== COLOURED_BALL && b !== v.penaltyBall);
  if (white.length > 0) {
    ru.push(`Выставлены на стол к короткому борту (п. 4): ${listRu(white)}.`);
    en.push(`Spotted at the foot cushion (clause 4): ${listEn(white)}.`);
  }
  if (v.coloured === "spotted") {
    ru.push("Цветной шар упал не по заказу, не засчитан и выставлен на стол (п. 13).");
    en.push("The coloured ball dropped not as called: it does not count and is spotted (clause 13).");
  } else if (v.coloured === "returned") {
    ru.push("Цветной шар возвращён на центральную отметку (п. 10).");
    en.push("The coloured ball is back on the centre mark (clause 10).");
  } else if (v.coloured === "waiting") {
    ru.push("Центральная отметка занята: цветной шар ждёт, пока она освободится (п. 10).");
    en.push("The centre mark is taken: the coloured ball waits until it is free (clause 10).");
  }
  if (v.winner !== null) {
    ru.push("Восьмой шар на полке — партия выиграна (п. 2).");
    en.push("The eighth ball is on the shelf: the match is won (clause 2).");
    return { ru: ru.join(" "), en: en.join(" ") };
  }
  if (v.lastBall.after && !v.lastBall.before) {
    ru.push("Счёт 7:7, на столе последний белый шар: игра в последнем шаре (п. 12).");
    en.push("7:7 with one white ball left: last-ball play begins (clause 12).");
  } else if (v.lastBall.before && !v.lastBall.after) {
    ru.push("На столе второй белый шар: игра в последнем шаре окончена, п. 10 снова действует (п. 12).");
    en.push("A second white ball is on the table: last-ball play ends and clause 10 applies again (clause 12).");
  }
  if (v.foul) {
    ru.push("Ход переходит к сопернику; он может обязать нарушителя продолжить (п. 16).");
    en.push("The turn passes to the opponent, who may make the offender continue (clause 16).");
  } else if (v.bonus) {
    ru.push("Дополнительный удар (п. 9); от него можно отказаться, обязав продолжать соперника.");
    en.push("Bonus shot (clause 9); the player may decline it and make the opponent continue.");
  } else {
    ru.push("Ход переходит к сопернику (п. 9).");
    en.push("The turn passes to the opponent (clause 9).");
  }
  return { ru: ru.join(" "), en: en.join(" ") };
}

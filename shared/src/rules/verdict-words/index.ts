import type { ShotEvent } from "../../shot/shot-events.ts";
import { COLOURED_BALL } from "../../table/balls.ts";
import type { PocketId } from "../../table/pockets.ts";
import type { FoulReason } from "../fouls.ts";
import type { SafetyCondition } from "../safety-rule.ts";
import type { DropFate, DropJudgement } from "../scoring.ts";
import type { ColouredFate, ShotVerdict } from "../verdict-types.ts";
import { enVerdictWords } from "./en.ts";
import { ruVerdictWords, type VerdictWords } from "./ru.ts";

/**
 * One voice for verdicts: the words a player reads about a shot, put together from the verdict's fields
 * and the catalogue of its language (ru.ts, en.ts). The live table, the match page, the shot's picture
 * and its caption, a shared link's description and `habibka-sim`'s explanation all call `verdictSentences`,
 * so the same shot reads the same everywhere, word for word. Pure, without the DOM or the physics: the
 * client loads it through the light subpath `@habibka/shared/verdict-words`.
 */

export { enVerdictWords } from "./en.ts";
export { ruVerdictWords, type VerdictWords } from "./ru.ts";

export type VerdictLanguage = "ru" | "en";

const WORDS: Readonly<Record<VerdictLanguage, VerdictWords>> = { ru: ruVerdictWords, en: enVerdictWords };

/** The catalogue of a language. */
export function verdictWords(language: VerdictLanguage): VerdictWords {
  return WORDS[language];
}

/** A reader's language as the catalogue knows it: English for "en" (and "en-GB"), Russian otherwise. */
export function verdictLanguage(language: string): VerdictLanguage {
  return language === "en" || language.startsWith("en-") ? "en" : "ru";
}

/** A template's `{{key}}` replaced by its value (the same placeholders the client's i18n uses). */
export function fill(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  );
}

/** The players' names by seat; a seat without a name (none given, or empty) reads as «Игрок 1», "Player 2". */
export type SeatNames = readonly (string | null | undefined)[];

export function seatName(names: SeatNames, seat: number, language: VerdictLanguage): string {
  const name = names[seat]?.trim();
  return name ? name : fill(WORDS[language].seat, { number: seat + 1 });
}

const SAFETY_LETTER_RU: Readonly<Record<SafetyCondition, string>> = {
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
export function clauseName(clause: string, language: VerdictLanguage): string {
  const lettered = /^(\d+)([a-i])$/.exec(clause);
  if (!lettered || language === "en") return clause;
  return `${lettered[1]}${SAFETY_LETTER_RU[lettered[2] as SafetyCondition]}`;
}

/** A ball as a verdict names it: «шар 5», «цветной». */
export function ballName(ball: number, language: VerdictLanguage): string {
  const w = WORDS[language];
  return ball === COLOURED_BALL ? w.colouredBall : fill(w.ball, { ball });
}

/** A pocket as a verdict or a call names it (the direction it is played into): «левую угловую у дома». */
export function pocketName(pocket: PocketId, language: VerdictLanguage): string {
  const pockets: Readonly<Record<PocketId, string>> = WORDS[language].pockets;
  return pockets[pocket] ?? pocket;
}

function ballList(balls: readonly number[], language: VerdictLanguage): string {
  return balls.map((b) => (b === COLOURED_BALL ? WORDS[language].colouredBall : String(b))).join(", ");
}

/**
 * What a failed safety [отыгрыш] lacked, from the shot's events: after the first collision no ball touched
 * a cushion at all, or balls touched one but none met any of clause 3's ways.
 */
export function safetyShortfall(events: readonly ShotEvent[]): "no-cushion" | "not-enough" {
  const first = events.findIndex((e) => e.type === "collision");
  const after = first < 0 ? [] : events.slice(first + 1);
  return after.some((e) => e.type === "cushion") ? "not-enough" : "no-cushion";
}

/** A foul's reason in words; the safety rule's says what was missing. */
export function foulReasonText(reason: string, events: readonly ShotEvent[], language: VerdictLanguage): string {
  const w = WORDS[language];
  if (reason === "no-safety") return w.reason.noSafety[safetyShortfall(events)];
  // Typed so that a reason added to the rules without its words does not compile.
  const words: Readonly<Record<Exclude<FoulReason, "no-safety">, string>> = w.reason;
  return words[reason as Exclude<FoulReason, "no-safety">] ?? reason;
}

/** The fields of a shot's verdict the words are made of. */
export type ShotVerdictFields = Omit<ShotVerdict, "clauses" | "explanation">;

/** The lag's loss codes the catalogue words (match/lag-verdict.ts checks they cover every loss). */
export type LagLossCode = keyof VerdictWords["lag"]["loss"];

export interface LagVerdictFields {
  readonly losses: readonly (readonly LagLossCode[])[];
  readonly winner: number | null;
  /**
   * How far each ball's centre stopped from the head cushion, metres; null for a ball that left the table.
   * Optional: a verdict that does not carry them is worded without the distances.
   */
  readonly distances?: readonly (number | null)[];
}

/** A shot as the words need it: the live table's broadcast, a match record's stroke and a scenario all fit. */
export interface WordedShot {
  readonly kind: "shot" | "lag" | "clock";
  /** The seat that played it; -1 for the lag. */
  readonly seat: number;
  /** The verdict as it arrived: a record from an earlier version, or a foreign server, may lack fields. */
  readonly verdict: unknown;
  /** The shot's events: what a failed safety lacked is read from them. */
  readonly events?: readonly ShotEvent[];
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((n): n is number => Number.isInteger(n)) : [];
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((s): s is string => typeof s === "string") : [];
const seatOrNull = (value: unknown): 0 | 1 | null => (value === 0 || value === 1 ? value : null);
const pair = (value: unknown): [number, number] => {
  const [a, b] = numbers(value);
  return Array.isArray(value) && value.length === 2 && a !== undefined && b !== undefined ? [a, b] : [0, 0];
};

/**
 * A shot's verdict read field by field, or null when it is not one: the server words stored records
 * (some written by earlier versions), so a missing or odd field gives a shorter verdict, never an error.
 */
export function readShotVerdict(value: unknown): ShotVerdictFields | null {
  if (!isObject(value) || typeof value.foul !== "boolean" || !Array.isArray(value.drops)) return null;
  if (!Array.isArray(value.reasons) || !isObject(value.next)) return null;
  const next = value.next;
  const lastBall = isObject(value.lastBall) ? value.lastBall : {};
  const drops = value.drops.filter(
    (d): d is DropJudgement =>
      isObject(d) && Number.isInteger(d.ball) && typeof d.fate === "string" && typeof d.pocket === "string",
  );
  return {
    foul: value.foul,
    reasons: strings(value.reasons) as FoulReason[],
    counted: numbers(value.counted),
    spotted: numbers(value.spotted),
    penalty: value.penalty === "shelf" || value.penalty === "debt" ? value.penalty : null,
    bonus: value.bonus === true,
    next: { player: next.player === 1 ? 1 : 0, mayPass: next.mayPass === true },
    shelf: pair(value.shelf),
    debt: pair(value.debt),
    winner: seatOrNull(value.winner),
    safety: typeof value.safety === "string" && /^[a-i]$/.test(value.safety) ? (value.safety as SafetyCondition) : null,
    drops,
    paidDebt: numbers(value.paidDebt),
    penaltyBall: Number.isInteger(value.penaltyBall) ? (value.penaltyBall as number) : null,
    coloured: typeof value.coloured === "string" ? (value.coloured as ColouredFate) : "left",
    opening: value.opening === true,
    cue: Number.isInteger(value.cue) ? (value.cue as number) : -1,
    lastBall: { before: lastBall.before === true, after: lastBall.after === true },
  };
}

/** The lag's verdict read field by field, or null when it is not one. */
export function readLagVerdict(value: unknown): LagVerdictFields | null {
  if (!isObject(value) || !Array.isArray(value.losses) || value.losses.length !== 2) return null;
  return {
    losses: value.losses.map((l) => strings(l) as LagLossCode[]),
    winner: seatOrNull(value.winner),
    ...(Array.isArray(value.distances) && value.distances.length === 2
      ? { distances: value.distances.map((d) => (typeof d === "number" && Number.isFinite(d) ? d : null)) }
      : {}),
  };
}

const SCORED: ReadonlySet<string> = new Set<DropFate>(["called", "straight-flying"]);

function scoredText(d: DropJudgement, cue: number, language: VerdictLanguage): string {
  const w = WORDS[language];
  const how = d.fate === "straight-flying" ? "straight" : d.way === "bank" ? "bank" : "direct";
  return fill(w.scoredBall[how], {
    ball: ballName(d.ball, language),
    kind: d.ball === cue ? w.own : w.object,
    pocket: pocketName(d.pocket, language),
  });
}

function missedText(d: DropJudgement, opening: boolean, language: VerdictLanguage): string {
  const w = WORDS[language];
  const missed: Readonly<Record<Exclude<DropFate, "called" | "straight-flying" | "foul-shot">, string>> = w.missed;
  const why = opening && d.fate === "uncalled" ? w.missed.opening : (missed[d.fate as keyof typeof missed] ?? d.fate);
  return fill(w.missedBall, { ball: ballName(d.ball, language), why });
}

/** A shot's verdict, sentence by sentence, in the order the rules decided it. */
export function shotSentences(
  v: ShotVerdictFields,
  seat: number,
  events: readonly ShotEvent[],
  names: SeatNames,
  language: VerdictLanguage,
): string[] {
  const w = WORDS[language];
  const striker = seatName(names, seat, language);
  const other = seatName(names, seat === 0 ? 1 : 0, language);
  const out: string[] = [];
  if (v.opening) out.push(w.opening);
  if (v.foul) {
    const reasons = v.reasons.map((r) => foulReasonText(r, events, language)).join("; ");
    out.push(fill(w.foul, { name: striker, reasons }));
  } else if (v.safety && v.drops.length === 0) {
    const how: Readonly<Record<SafetyCondition, string>> = w.safetyWay;
    out.push(fill(w.safety, { name: striker, how: how[v.safety], clause: clauseName(`3${v.safety}`, language) }));
  }
  const scored = v.drops.filter((d) => SCORED.has(d.fate));
  if (scored.length > 0) {
    const what = scored.map((d) => scoredText(d, v.cue, language)).join("; ");
    out.push(fill(w.scored, { name: striker, what }));
  }
  if (v.counted.length > 0) out.push(fill(w.toShelf, { balls: ballList(v.counted, language) }));
  if (v.paidDebt.length > 0) out.push(fill(w.paidDebt, { balls: ballList(v.paidDebt, language) }));
  const missed = v.drops.filter((d) => !SCORED.has(d.fate) && d.fate !== "foul-shot");
  if (missed.length > 0) {
    out.push(fill(w.notCounted, { what: missed.map((d) => missedText(d, v.opening, language)).join("; ") }));
  }
  if (v.foul && v.penalty === "shelf" && v.penaltyBall !== null) {
    out.push(fill(w.penaltyShelf, { name: striker, ball: v.penaltyBall }));
  } else if (v.foul && v.penalty === "debt") {
    out.push(fill(w.penaltyDebt, { name: striker }));
  }
  // The penalty ball has its own sentence above; the coloured ball its own below.
  const white = v.spotted.filter((b) => b !== COLOURED_BALL && b !== v.penaltyBall);
  if (white.length > 0) out.push(fill(w.spotted, { balls: ballList(white, language) }));
  if (v.coloured === "spotted" || v.coloured === "returned" || v.coloured === "waiting") {
    out.push(w.coloured[v.coloured]);
  }
  if (v.winner !== null) {
    out.push(fill(w.won, { name: seatName(names, v.winner, language) }));
    return out;
  }
  if (v.lastBall.after && !v.lastBall.before) out.push(w.lastBallStarts);
  else if (v.lastBall.before && !v.lastBall.after) out.push(w.lastBallEnds);
  if (v.foul) out.push(fill(w.nextAfterFoul, { name: other, offender: striker }));
  else if (v.bonus) out.push(fill(w.nextBonus, { name: striker }));
  else out.push(fill(w.next, { name: seatName(names, v.next.player, language) }));
  return out;
}

/** A distance in metres as the reader writes it, to the centimetre: «0,85 м», "0.85 m". */
export function metresText(metres: number, language: VerdictLanguage): string {
  const digits = Math.max(0, metres).toFixed(2);
  return language === "ru" ? `${digits.replace(".", ",")} м` : `${digits} m`;
}

/**
 * The lag's result, sentence by sentence: who won (or the replay), how far each ball stopped from the head
 * cushion (what decided it, I21), then why each losing ball lost.
 */
export function lagSentences(v: LagVerdictFields, names: SeatNames, language: VerdictLanguage): string[] {
  const w = WORDS[language];
  const out = [v.winner === null ? w.lag.replay : fill(w.lag.result, { name: seatName(names, v.winner, language) })];
  const measured = (v.distances ?? []).flatMap((d, seat) =>
    d === null
      ? []
      : [fill(w.lag.distance, { name: seatName(names, seat, language), distance: metresText(d, language) })],
  );
  if (measured.length > 0) out.push(fill(w.lag.distances, { list: measured.join(", ") }));
  v.losses.forEach((losses, seat) => {
    if (losses.length === 0) return;
    const why = losses.map((l) => w.lag.loss[l] ?? l).join(", ");
    out.push(fill(w.lag.lost, { name: seatName(names, seat, language), why }));
  });
  return out;
}

/** Sentences of a text told whole: one ends at "." or "!" before a capital, so «п. 3.» inside one is not its end. */
export function splitSentences(text: string): string[] {
  return text
    .replace(/([.!])\s+(?=[\p{Lu}«])/gu, "$1\n")
    .split("\n")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/**
 * The verdict of a shot (or the lag, or a run-out clock) in the reader's language, with the players' names,
 * sentence by sentence. A verdict too old or too foreign to read falls back to the explanation it carries.
 */
export function verdictSentences(shot: WordedShot, names: SeatNames, language: VerdictLanguage): string[] {
  const w = WORDS[language];
  const lag = shot.kind === "lag" ? readLagVerdict(shot.verdict) : null;
  if (lag) return lagSentences(lag, names, language);
  const clock = shot.kind === "clock" ? [fill(w.clock, { name: seatName(names, shot.seat, language) })] : [];
  const v = readShotVerdict(shot.verdict);
  if (v) return [...clock, ...shotSentences(v, shot.seat, shot.events ?? [], names, language)];
  const told = isObject(shot.verdict) && isObject(shot.verdict.explanation) ? shot.verdict.explanation[language] : "";
  if (typeof told === "string" && told.trim() !== "") return splitSentences(told);
  return clock.length > 0 ? clock : [w.none];
}

/** The whole verdict as one paragraph. */
export function verdictText(shot: WordedShot, names: SeatNames, language: VerdictLanguage): string {
  return verdictSentences(shot, names, language).join(" ");
}

/** A verdict just judged, in both languages, as its `explanation` carries it (the players unnamed). */
export function explainShot(
  v: ShotVerdictFields,
  striker: number,
  events: readonly ShotEvent[],
): { readonly ru: string; readonly en: string } {
  return {
    ru: shotSentences(v, striker, events, [], "ru").join(" "),
    en: shotSentences(v, striker, events, [], "en").join(" "),
  };
}

/** The lag's result in both languages, as its `explanation` carries it (the players unnamed). */
export function explainLagResult(lag: LagVerdictFields): { readonly ru: string; readonly en: string } {
  return { ru: lagSentences(lag, [], "ru").join(" "), en: lagSentences(lag, [], "en").join(" ") };
}

/** Any shot's verdict in both languages, as its `explanation` carries it (the players unnamed). */
export function explainVerdict(shot: WordedShot): { readonly ru: string; readonly en: string } {
  return { ru: verdictText(shot, [], "ru"), en: verdictText(shot, [], "en") };
}

/** The heading of a shot's picture: its number and who played it, or that it was the lag. */
export function captionHeading(
  shot: Pick<WordedShot, "kind" | "seat"> & { readonly number: number },
  names: SeatNames,
  language: VerdictLanguage,
): string {
  const w = WORDS[language].caption;
  if (shot.kind === "lag") return fill(w.lag, { number: shot.number });
  const name = shot.seat === 0 || shot.seat === 1 ? seatName(names, shot.seat, language) : "";
  return fill(w.shot, { number: shot.number, name });
}

import type { LagOutcome, ShotEvent, ShotVerdict } from "@habibka/shared";
import { clauseName } from "@habibka/shared/rules";
import { COLOURED_BALL } from "@habibka/shared/table";
import type { TFunction } from "i18next";
import type { ShotBroadcast } from "../net/messages.ts";

/**
 * A shot's verdict in the players' words and names: who scored what, the штраф and why, the penalty or
 * debt, what was spotted, and who plays next. Built from the verdict's fields in the reader's language;
 * the server's own explanation is the fallback for a verdict this page cannot read.
 */

export type SeatNames = readonly [string, string];

/** The fields of a shot's and of the lag's verdict that the words are made of (the shared types). */
type ShotVerdictFields = Omit<ShotVerdict, "clauses" | "explanation">;
type LagVerdictFields = Pick<LagOutcome, "losses" | "winner">;

const SCORED = new Set(["called", "straight-flying"]);

function isShotVerdict(v: unknown): v is ShotVerdictFields {
  const f = v as Partial<ShotVerdictFields> | null;
  return !!f && typeof f.foul === "boolean" && Array.isArray(f.drops) && Array.isArray(f.reasons) && !!f.next;
}

function isLagVerdict(v: unknown): v is LagVerdictFields {
  const f = v as Partial<LagVerdictFields> | null;
  return !!f && Array.isArray(f.losses) && f.losses.length === 2;
}

function list(balls: readonly number[], t: TFunction): string {
  return balls.map((b) => (b === COLOURED_BALL ? t("verdict.colouredBall") : String(b))).join(", ");
}

function ballName(ball: number, t: TFunction): string {
  return ball === COLOURED_BALL ? t("verdict.colouredBall") : t("call.ball", { ball });
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

function foulReason(reason: string, shot: ShotBroadcast, t: TFunction): string {
  if (reason === "no-safety") return t(`verdict.reason.noSafety.${safetyShortfall(shot.events ?? [])}`);
  return t(`verdict.reason.${reason}`, { defaultValue: reason });
}

function shotSentences(
  v: ShotVerdictFields,
  shot: ShotBroadcast,
  names: SeatNames,
  language: string,
  t: TFunction,
): string[] {
  const striker = names[shot.seat] ?? "";
  const other = names[shot.seat === 0 ? 1 : 0] ?? "";
  const out: string[] = [];
  if (v.opening) out.push(t("verdict.opening"));
  const scored = v.drops.filter((d) => SCORED.has(d.fate));
  if (v.foul) {
    out.push(t("verdict.foul", { name: striker, reasons: v.reasons.map((r) => foulReason(r, shot, t)).join("; ") }));
  } else if (v.safety && v.drops.length === 0) {
    // The condition's letter as the reader's rules write it: "3e" is «3д» in Russian.
    const clause = clauseName(`3${v.safety}`, language === "en" ? "en" : "ru");
    out.push(t("verdict.safety", { name: striker, how: t(`verdict.safetyWay.${v.safety}`), clause }));
  }
  if (scored.length > 0) {
    const what = scored.map((d) => {
      const kind = d.ball === v.cue ? t("verdict.own") : t("verdict.object");
      const how =
        d.fate === "straight-flying" ? t("verdict.straightFlying") : d.way === "bank" ? t("verdict.byBank") : "";
      return t("verdict.scoredBall", {
        ball: ballName(d.ball, t),
        kind,
        pocket: t(`call.pockets.${d.pocket}`),
        how,
      }).trim();
    });
    out.push(t("verdict.scored", { name: striker, what: what.join("; ") }));
  }
  if (v.counted.length > 0) out.push(t("verdict.toShelf", { balls: list(v.counted, t) }));
  if (v.paidDebt.length > 0) out.push(t("verdict.paidDebt", { balls: list(v.paidDebt, t) }));
  const missed = v.drops.filter((d) => !SCORED.has(d.fate) && d.fate !== "foul-shot");
  if (missed.length > 0) {
    const what = missed.map((d) =>
      t("verdict.missedBall", {
        ball: ballName(d.ball, t),
        why: t(v.opening && d.fate === "uncalled" ? "verdict.missed.opening" : `verdict.missed.${d.fate}`, {
          defaultValue: d.fate,
        }),
      }),
    );
    out.push(t("verdict.notCounted", { what: what.join("; ") }));
  }
  if (v.foul && v.penalty === "shelf" && v.penaltyBall !== null) {
    out.push(t("verdict.penaltyShelf", { name: striker, ball: v.penaltyBall }));
  } else if (v.foul && v.penalty === "debt") {
    out.push(t("verdict.penaltyDebt", { name: striker }));
  }
  const white = v.spotted.filter((b) => b !== COLOURED_BALL && b !== v.penaltyBall);
  if (white.length > 0) out.push(t("verdict.spotted", { balls: list(white, t) }));
  if (v.coloured === "spotted" || v.coloured === "returned" || v.coloured === "waiting") {
    out.push(t(`verdict.coloured.${v.coloured}`));
  }
  if (v.winner !== null) {
    out.push(t("verdict.won", { name: names[v.winner] ?? striker }));
    return out;
  }
  if (v.lastBall.after && !v.lastBall.before) out.push(t("verdict.lastBallStarts"));
  else if (v.lastBall.before && !v.lastBall.after) out.push(t("verdict.lastBallEnds"));
  if (v.foul) out.push(t("verdict.nextAfterFoul", { name: other, offender: striker }));
  else if (v.bonus) out.push(t("verdict.nextBonus", { name: striker }));
  else out.push(t("verdict.next", { name: names[v.next.player] ?? other }));
  return out;
}

function lagSentences(v: LagVerdictFields, names: SeatNames, t: TFunction): string[] {
  const out = [v.winner === null ? t("lag.replay") : t("lag.result", { name: names[v.winner] ?? "" })];
  v.losses.forEach((losses, seat) => {
    if (losses.length === 0) return;
    const why = losses.map((l) => t(`lag.loss.${l}`, { defaultValue: l })).join(", ");
    out.push(t("lag.lost", { name: names[seat] ?? "", why }));
  });
  return out;
}

/** Was this shot a foul? (A lag has no fouls.) */
export function isFoulShot(shot: ShotBroadcast): boolean {
  return isShotVerdict(shot.verdict) && shot.verdict.foul;
}

/** The verdict of a shot (or the lag, or a run-out clock) in the reader's language, with the players' names. */
export function verdictText(shot: ShotBroadcast, names: SeatNames, language: string, t: TFunction): string {
  const v = shot.verdict;
  if (shot.kind === "lag" && isLagVerdict(v)) return lagSentences(v, names, t).join(" ");
  if (isShotVerdict(v)) {
    const sentences = shotSentences(v, shot, names, language, t);
    return (
      shot.kind === "clock" ? [t("verdict.clock", { name: names[shot.seat] ?? "" }), ...sentences] : sentences
    ).join(" ");
  }
  const explanation = v?.explanation ? (language === "en" ? v.explanation.en : v.explanation.ru) : "";
  return (
    explanation || (shot.kind === "clock" ? t("verdict.clock", { name: names[shot.seat] ?? "" }) : t("verdict.none"))
  );
}

import { FOUL_CLAUSES } from "./fouls.ts";
import type { ShotVerdict } from "./verdict-types.ts";

function clauseOrder(a: string, b: string): number {
  return Number.parseInt(a, 10) - Number.parseInt(b, 10) || a.localeCompare(b);
}

/**
 * The clauses that decided a shot, read off its verdict: the verdict's `clauses`, which the explanation
 * and the players' verdict panel cite, and which docs/RULES.md maps to the modules that apply them.
 */
export function decidingClauses(v: Omit<ShotVerdict, "clauses" | "explanation">): string[] {
  const out = new Set<string>();
  for (const r of v.reasons) for (const c of FOUL_CLAUSES[r]) out.add(c);
  if (v.foul) {
    out.add("15");
    if (v.winner === null) out.add("16");
  }
  if (v.safety) out.add(`3${v.safety}`);
  if (v.opening) out.add("5");
  for (const d of v.drops) {
    if (d.fate === "called" || d.fate === "not-as-called" || d.fate === "uncalled" || d.fate === "accidental") {
      out.add("6");
    }
    if (d.fate === "straight-flying") out.add("7");
    if (d.fate === "partial-double-call") out.add("8");
  }
  if (v.drops.filter((d) => d.fate === "called").length === 2) out.add("8");
  if (v.bonus) out.add("9");
  if (v.paidDebt.length > 0) out.add("15");
  if (v.spotted.length > 0) out.add("4");
  if (v.coloured === "returned" || v.coloured === "waiting") out.add("10");
  if (v.lastBall.before) out.add("12");
  if (v.coloured === "spotted") out.add("13");
  if (v.winner !== null) out.add("2");
  return [...out].sort(clauseOrder);
}

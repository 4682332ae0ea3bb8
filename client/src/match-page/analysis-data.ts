import type { GhostInput } from "@habibka/painter";
import { COMPUTER_LEVELS } from "@habibka/shared/match";
import {
  type AnalysedStroke,
  type BestStroke,
  decidingStroke,
  type MatchAnalysis,
  STROKE_MARKS,
  type StrokeMark,
  turningPoint,
} from "@habibka/shared/protocol";
import { POCKET_IDS } from "@habibka/shared/table";
import { type PageShot, scoreAfter } from "./match-data.ts";

/**
 * A finished match's analysis as its page shows it, from `GET /api/matches/:id/analysis` (docs/PROTOCOL.md):
 * the document read field by field (a page shows what it can read, and nothing it cannot), its progress
 * while the server computes it, the moments that decided the match, and each stroke's two ghosts for the
 * table. Nothing here judges or simulates.
 */

export type AnalysisAnswer =
  | { readonly kind: "done"; readonly analysis: MatchAnalysis }
  | { readonly kind: "pending"; readonly running: boolean; readonly done: number; readonly total: number }
  | { readonly kind: "refused"; readonly code: string; readonly retryAfterSeconds: number | null }
  | { readonly kind: "failed" };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const chance = (value: unknown): value is number => finite(value) && value >= 0 && value <= 1;
const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);

/** More strokes than any match has. */
const MAX_STROKES = 2_000;

function parseBest(value: unknown): BestStroke | null {
  if (!isObject(value) || !isObject(value.shot) || !isObject(value.shot.offset) || !chance(value.chance)) return null;
  const { cue, angle, speed, offset } = value.shot as Json & { offset: Json };
  if (!Number.isInteger(cue) || !finite(angle) || !finite(speed) || !finite(offset.x) || !finite(offset.y)) return null;
  if (!Array.isArray(value.call) || value.call.length > 2) return null;
  const call: BestStroke["call"][number][] = [];
  for (const c of value.call) {
    if (!isObject(c) || !Number.isInteger(c.ball) || !oneOf(POCKET_IDS, c.pocket)) return null;
    call.push({ ball: c.ball as number, pocket: c.pocket, way: c.way === "bank" ? "bank" : "direct" });
  }
  const place = isObject(value.place) && finite(value.place.x) && finite(value.place.y) ? value.place : null;
  return {
    shot: { cue: cue as number, angle, speed, offset: { x: offset.x, y: offset.y } },
    call,
    ...(place ? { place: { x: place.x as number, y: place.y as number } } : {}),
    chance: value.chance,
  };
}

function parseStroke(value: unknown): AnalysedStroke | null {
  if (!isObject(value) || !Number.isInteger(value.number) || (value.seat !== 0 && value.seat !== 1)) return null;
  const best = parseBest(value.best);
  if (!best || !isObject(value.played) || !chance(value.played.chance)) return null;
  if (!chance(value.loss) || !oneOf(STROKE_MARKS, value.mark)) return null;
  return {
    number: value.number as number,
    seat: value.seat,
    played: { chance: value.played.chance },
    best,
    loss: value.loss,
    mark: value.mark,
  };
}

/** The analysis from the server's answer, or null when it is not one. */
export function parseAnalysis(json: unknown): MatchAnalysis | null {
  if (!isObject(json) || typeof json.matchId !== "string" || !oneOf(COMPUTER_LEVELS, json.level)) return null;
  if (!Array.isArray(json.shots) || json.shots.length > MAX_STROKES || !Array.isArray(json.players)) return null;
  const shots = json.shots.map(parseStroke);
  if (shots.some((s) => s === null)) return null;
  const players: MatchAnalysis["players"][number][] = [];
  for (const p of json.players) {
    if (isObject(p) && (p.seat === 0 || p.seat === 1) && finite(p.accuracy))
      players.push({ seat: p.seat, accuracy: p.accuracy });
  }
  return { matchId: json.matchId, level: json.level, shots: shots as AnalysedStroke[], players };
}

/** Asks for the match's analysis: the first ask starts it on the server. */
export async function fetchAnalysis(endpoint: string, id: string): Promise<AnalysisAnswer> {
  try {
    const response = await fetch(`${endpoint}/api/matches/${encodeURIComponent(id)}/analysis`, { cache: "no-store" });
    const body: unknown = await response.json().catch(() => null);
    if (response.status === 200) {
      const analysis = parseAnalysis(body);
      return analysis ? { kind: "done", analysis } : { kind: "failed" };
    }
    if (response.status === 202 && isObject(body) && isObject(body.progress)) {
      const { done, total } = body.progress;
      return {
        kind: "pending",
        running: body.status === "running",
        done: finite(done) ? done : 0,
        total: finite(total) ? total : 0,
      };
    }
    const retry = Number(response.headers.get("Retry-After"));
    const code = isObject(body) && typeof body.error === "string" ? body.error : "unknown";
    return { kind: "refused", code, retryAfterSeconds: Number.isFinite(retry) && retry > 0 ? retry : null };
  } catch {
    return { kind: "failed" };
  }
}

/** The moments that decided the match: where the winner took the lead for good, and the dearest strokes. */
export interface DecisiveMoments {
  /** The stroke after which the winner led to the end. */
  readonly turningPoint: number | null;
  /** The loser's last stroke before it. */
  readonly deciding: AnalysedStroke | null;
  /** The strokes that lost most (a mistake or worse), dearest first. */
  readonly dearest: readonly AnalysedStroke[];
}

const DEAREST = 3;
const DEAR_MARKS: ReadonlySet<StrokeMark> = new Set(["mistake", "blunder"]);

export function decisiveMoments(
  strokes: readonly AnalysedStroke[],
  shots: readonly PageShot[],
  winner: 0 | 1 | null,
): DecisiveMoments {
  const scores = shots.map((s, i) => ({ number: s.message.number, score: scoreAfter(shots, i) }));
  const dearest = strokes
    .filter((s) => DEAR_MARKS.has(s.mark))
    .sort((a, b) => b.loss - a.loss || a.number - b.number)
    .slice(0, DEAREST);
  if (winner === null) return { turningPoint: null, deciding: null, dearest };
  return {
    turningPoint: turningPoint(scores, winner),
    deciding: decidingStroke(strokes, scores, winner),
    dearest,
  };
}

/** The stroke played and the computer's best, as the painter's ghosts take them; null for a stroke not analysed. */
export function ghostsOf(
  shot: PageShot,
  stroke: AnalysedStroke | undefined,
  labels: { readonly played: string; readonly best: string },
): GhostInput[] | null {
  const { message } = shot;
  const played = message.request.stroke;
  if (!stroke || !played || message.kind !== "shot") return null;
  const table = message.before;
  const { best } = stroke;
  // The opening's ball in hand stands where the best stroke would place it.
  const bestTable = best.place
    ? table.map((b) => (b.id === best.shot.cue ? { id: b.id, x: best.place!.x, y: best.place!.y } : b))
    : table;
  return [
    { table, stroke: played, call: message.request.call ?? [], kind: "played", label: labels.played },
    { table: bestTable, stroke: best.shot, call: best.call, kind: "best", label: labels.best },
  ];
}

import { COMPUTER_LEVELS, type ComputerLevel } from "@habibka/shared/match";
import type { BallPosition } from "@habibka/shared/table";
import type { ShotBroadcast } from "../net/messages.ts";

/**
 * A match as its page shows it, read from `GET /api/matches/:id` (docs/PROTOCOL.md) and checked field by
 * field: the server is ours, but a record written by an earlier version may lack newer fields, and the page
 * must show what it can rather than fail. Nothing here simulates: every shot carries its own verdict, trace
 * and tables.
 */

export type SeatNames = readonly [string, string];

export interface PageShot {
  /** The shot in the shape the live table receives it, so the same words and playback serve both. */
  readonly message: ShotBroadcast;
  /** Where the physics left the balls; null when the record does not say. */
  readonly rest: readonly BallPosition[] | null;
  /** The table for the next shot, spotted balls placed; null when the record does not say. */
  readonly after: readonly BallPosition[] | null;
  /** Each seat's shelf after the shot; null when the record does not say. */
  readonly score: readonly [number, number] | null;
}

export interface MatchResultShown {
  readonly winner: 0 | 1 | null;
  readonly reason: string;
  readonly shelves: readonly [number, number];
  readonly finishedAt: number;
}

export interface MatchPageData {
  readonly id: string;
  readonly code: string;
  readonly players: SeatNames;
  /** The computer's level where it played the match (in seat 1), for its name in the reader's language. */
  readonly computerLevel: ComputerLevel | null;
  readonly startedAt: number;
  readonly result: MatchResultShown | null;
  readonly shots: readonly PageShot[];
}

/** More strokes than any match has: a longer list is not a record of ours. */
const MAX_SHOTS = 2_000;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function finite(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

export function parseBalls(value: unknown): BallPosition[] | null {
  if (!Array.isArray(value) || value.length > 16) return null;
  const balls: BallPosition[] = [];
  for (const b of value) {
    if (!isObject(b) || !Number.isInteger(b.id) || (b.id as number) < 0 || (b.id as number) > 15) return null;
    if (!finite(b.x) || !finite(b.y)) return null;
    balls.push({ id: b.id as number, x: b.x, y: b.y });
  }
  return balls;
}

function pair(value: unknown): readonly [number, number] | null {
  return Array.isArray(value) && value.length === 2 && value.every((n) => Number.isInteger(n))
    ? [value[0] as number, value[1] as number]
    : null;
}

function name(value: unknown): string {
  return typeof value === "string" ? value.slice(0, 40) : "";
}

function parseShot(matchId: string, value: unknown): PageShot | null {
  if (!isObject(value) || !Number.isInteger(value.number) || !isObject(value.verdict)) return null;
  const kind = value.kind === "lag" || value.kind === "clock" ? value.kind : "shot";
  const request = isObject(value.request) ? (value.request as ShotBroadcast["request"]) : {};
  const message: ShotBroadcast = {
    matchId,
    number: value.number as number,
    kind,
    seat: Number.isInteger(value.seat) ? (value.seat as number) : -1,
    request,
    before: parseBalls(value.before) ?? [],
    verdict: value.verdict as unknown as ShotBroadcast["verdict"],
    events: Array.isArray(value.events) ? (value.events as ShotBroadcast["events"]) : [],
    trace: typeof value.trace === "string" ? value.trace : "",
    duration: finite(value.duration) && value.duration > 0 ? value.duration : 0,
    elapsed: 0,
  };
  return { message, rest: parseBalls(value.rest), after: parseBalls(value.after), score: pair(value.score) };
}

function parseResult(value: unknown): MatchResultShown | null {
  if (!isObject(value)) return null;
  const shelves = pair(value.shelves);
  return {
    winner: value.winner === 0 || value.winner === 1 ? value.winner : null,
    reason: typeof value.reason === "string" ? value.reason : "",
    shelves: shelves ?? [0, 0],
    finishedAt: finite(value.finishedAt) ? value.finishedAt : 0,
  };
}

/** The computer's level from the record's settings, when the computer played the match. */
function computerLevelOf(record: unknown): ComputerLevel | null {
  const header = isObject(record) ? record.header : null;
  const settings = isObject(header) ? header.settings : null;
  if (!isObject(settings) || settings.opponent !== "computer") return null;
  return COMPUTER_LEVELS.find((level) => level === settings.level) ?? null;
}

/** The page's match from the API's answer, or null when it is not a match record at all. */
export function parseMatchPage(json: unknown): MatchPageData | null {
  if (!isObject(json) || typeof json.id !== "string" || !Array.isArray(json.shots)) return null;
  if (json.shots.length > MAX_SHOTS) return null;
  const id = json.id;
  const players = Array.isArray(json.players) ? json.players : [];
  return {
    id,
    code: typeof json.code === "string" ? json.code : "",
    players: [name(players[0]), name(players[1])],
    computerLevel: computerLevelOf(json.record),
    startedAt: finite(json.startedAt) ? json.startedAt : 0,
    result: parseResult(json.result),
    shots: json.shots.flatMap((s) => parseShot(id, s) ?? []),
  };
}

/** The score after the shot: the record's own, or the verdict's shelves, or the one before it. */
export function scoreAfter(shots: readonly PageShot[], index: number): readonly [number, number] {
  for (let i = index; i >= 0; i--) {
    const shot = shots[i];
    if (!shot) continue;
    if (shot.score) return shot.score;
    const shelf = pair((shot.message.verdict as { shelf?: unknown } | null)?.shelf);
    if (shelf) return shelf;
  }
  return [0, 0];
}

export type MatchFetch =
  | { readonly kind: "found"; readonly data: MatchPageData; readonly etag: string | null }
  | { readonly kind: "unchanged" }
  | { readonly kind: "missing" }
  | { readonly kind: "failed" };

/** Reads the match; with the last answer's ETag, an unchanged match costs no body. */
export async function fetchMatchPage(endpoint: string, id: string, etag: string | null = null): Promise<MatchFetch> {
  try {
    const response = await fetch(`${endpoint}/api/matches/${encodeURIComponent(id)}`, {
      headers: etag ? { "If-None-Match": etag } : {},
    });
    if (response.status === 304) return { kind: "unchanged" };
    if (response.status === 404 || response.status === 400) return { kind: "missing" };
    if (!response.ok) return { kind: "failed" };
    const data = parseMatchPage(await response.json());
    return data ? { kind: "found", data, etag: response.headers.get("ETag") } : { kind: "failed" };
  } catch {
    return { kind: "failed" };
  }
}

/** The link to a match, or to the match at one shot. */
export function matchPath(id: string, shot?: number): string {
  return shot === undefined ? `/m/${id}` : `/m/${id}/${shot}`;
}

const MATCH_PATH = /^\/m\/([0-9a-fA-F-]{36})(?:\/(\d{1,6}))?\/?$/;

/** The match (and shot) a path names, or null. */
export function matchFromPath(path: string): { readonly id: string; readonly shot: number | null } | null {
  const found = MATCH_PATH.exec(path);
  if (!found) return null;
  return { id: found[1]!.toLowerCase(), shot: found[2] === undefined ? null : Number(found[2]) };
}

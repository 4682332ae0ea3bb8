import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";

/**
 * Match records in an embedded SQLite database (Node's built-in `node:sqlite`: maintained with Node itself,
 * no native build step). Every completed shot is appended before it is announced, so what players saw is
 * always on disk; WAL mode lets several game processes on one host share the file.
 */

export interface NewMatch {
  readonly id: string;
  readonly code: string;
  readonly visibility: "public" | "private";
  readonly opening: "lag" | "draw";
  readonly shotClock: number;
  readonly players: readonly [string, string];
  readonly startedAt: number;
}

export interface ShotRecord {
  readonly number: number;
  /** Seat that played it (-1 for the lag, played by both). */
  readonly seat: number;
  readonly kind: string;
  readonly request: unknown;
  /** The table at the stroke, so that any recorded shot can be replayed from its trace. */
  readonly before: unknown;
  readonly verdict: unknown;
  readonly events: unknown;
  readonly trace: Uint8Array;
  readonly at: number;
}

export interface MatchResult {
  readonly winner: 0 | 1 | null;
  readonly reason: string;
  readonly shelves: readonly [number, number];
  readonly finishedAt: number;
}

export interface MatchRecord extends NewMatch {
  readonly result: MatchResult | null;
  readonly shots: readonly ShotRecord[];
}

export interface MatchSummary {
  readonly id: string;
  readonly players: readonly [string, string];
  readonly startedAt: number;
  readonly result: MatchResult;
}

interface MatchRow {
  id: string;
  code: string;
  visibility: "public" | "private";
  opening: "lag" | "draw";
  shot_clock: number;
  players: string;
  started_at: number;
  result: string | null;
}

interface ShotRow {
  number: number;
  seat: number;
  kind: string;
  request: string;
  before: string | null;
  verdict: string;
  events: string;
  trace: Uint8Array;
  at: number;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL,
    visibility TEXT NOT NULL,
    opening TEXT NOT NULL,
    shot_clock INTEGER NOT NULL,
    players TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    result TEXT,
    finished_at INTEGER
  );
  CREATE INDEX IF NOT EXISTS matches_finished ON matches (visibility, finished_at);
  CREATE TABLE IF NOT EXISTS shots (
    match_id TEXT NOT NULL REFERENCES matches (id),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    request TEXT NOT NULL,
    before TEXT,
    verdict TEXT NOT NULL,
    events TEXT NOT NULL,
    trace BLOB NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (match_id, number)
  );
`;

export class MatchRecords {
  private readonly db: DatabaseSync;

  /** `path` is a file (its folder is created) or ":memory:". */
  constructor(path: string) {
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    this.db = new DatabaseSync(path);
    this.db.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;");
    this.db.exec(SCHEMA);
    this.migrate();
  }

  /** Files written before a column existed get it added (older rows read it as null). */
  private migrate(): void {
    const columns = this.db.prepare("PRAGMA table_info(shots)").all() as unknown as { name: string }[];
    if (!columns.some((c) => c.name === "before")) this.db.exec("ALTER TABLE shots ADD COLUMN before TEXT");
  }

  startMatch(match: NewMatch): void {
    this.db
      .prepare(
        "INSERT INTO matches (id, code, visibility, opening, shot_clock, players, started_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        match.id,
        match.code,
        match.visibility,
        match.opening,
        match.shotClock,
        JSON.stringify(match.players),
        match.startedAt,
      );
  }

  appendShot(matchId: string, shot: ShotRecord): void {
    this.db
      .prepare(
        "INSERT INTO shots (match_id, number, seat, kind, request, before, verdict, events, trace, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        matchId,
        shot.number,
        shot.seat,
        shot.kind,
        JSON.stringify(shot.request),
        JSON.stringify(shot.before),
        JSON.stringify(shot.verdict),
        JSON.stringify(shot.events),
        shot.trace,
        shot.at,
      );
  }

  finishMatch(matchId: string, result: MatchResult): void {
    this.db
      .prepare("UPDATE matches SET result = ?, finished_at = ? WHERE id = ? AND result IS NULL")
      .run(JSON.stringify(result), result.finishedAt, matchId);
  }

  getMatch(id: string): MatchRecord | null {
    const row = this.db.prepare("SELECT * FROM matches WHERE id = ?").get(id) as MatchRow | undefined;
    if (!row) return null;
    const shots = this.db
      .prepare(
        "SELECT number, seat, kind, request, before, verdict, events, trace, at FROM shots WHERE match_id = ? ORDER BY number",
      )
      .all(id) as unknown as ShotRow[];
    return {
      ...matchFromRow(row),
      shots: shots.map((s) => ({
        number: s.number,
        seat: s.seat,
        kind: s.kind,
        request: JSON.parse(s.request),
        before: s.before === null ? null : JSON.parse(s.before),
        verdict: JSON.parse(s.verdict),
        events: JSON.parse(s.events),
        trace: s.trace,
        at: s.at,
      })),
    };
  }

  /** The latest finished public matches, newest first. */
  recentResults(limit: number): MatchSummary[] {
    const rows = this.db
      .prepare(
        "SELECT * FROM matches WHERE visibility = 'public' AND result IS NOT NULL ORDER BY finished_at DESC, id LIMIT ?",
      )
      .all(limit) as unknown as MatchRow[];
    return rows.map((row) => {
      const match = matchFromRow(row);
      return { id: match.id, players: match.players, startedAt: match.startedAt, result: match.result! };
    });
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}

function matchFromRow(row: MatchRow): Omit<MatchRecord, "shots"> {
  return {
    id: row.id,
    code: row.code,
    visibility: row.visibility,
    opening: row.opening,
    shotClock: row.shot_clock,
    players: JSON.parse(row.players) as [string, string],
    startedAt: row.started_at,
    result: row.result === null ? null : (JSON.parse(row.result) as MatchResult),
  };
}

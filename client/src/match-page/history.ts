/**
 * The lobby's history: finished public matches a page at a time (optionally one player's), and this
 * browser's own matches by id, read from `GET /api/matches` (docs/PROTOCOL.md) and checked entry by entry.
 */

export interface MatchSummaryShown {
  readonly id: string;
  readonly players: readonly [string, string];
  readonly startedAt: number;
  /** Null while the match is still being played. */
  readonly result: {
    readonly winner: 0 | 1 | null;
    readonly reason: string;
    readonly shelves: readonly [number, number];
    readonly finishedAt: number;
  } | null;
}

export interface HistoryPage {
  readonly matches: readonly MatchSummaryShown[];
  readonly next: string | null;
}

const MAX_LISTED = 100;

function summary(value: unknown): MatchSummaryShown | null {
  const m = value as Record<string, unknown> | null;
  if (!m || typeof m.id !== "string" || !/^[0-9a-f-]{36}$/i.test(m.id) || !Array.isArray(m.players)) return null;
  const name = (n: unknown) => (typeof n === "string" ? n.slice(0, 40) : "");
  const r = m.result as Record<string, unknown> | null;
  const shelves = Array.isArray(r?.shelves) && r.shelves.length === 2 ? r.shelves : null;
  return {
    id: m.id,
    players: [name(m.players[0]), name(m.players[1])],
    startedAt: typeof m.startedAt === "number" ? m.startedAt : 0,
    result:
      r && shelves?.every((n) => Number.isInteger(n))
        ? {
            winner: r.winner === 0 || r.winner === 1 ? r.winner : null,
            reason: typeof r.reason === "string" ? r.reason : "",
            shelves: [shelves[0] as number, shelves[1] as number],
            finishedAt: typeof r.finishedAt === "number" ? r.finishedAt : 0,
          }
        : null,
  };
}

export function parseHistory(json: unknown): HistoryPage | null {
  const body = json as { matches?: unknown; next?: unknown } | null;
  if (!body || !Array.isArray(body.matches)) return null;
  return {
    matches: body.matches.slice(0, MAX_LISTED).flatMap((m) => summary(m) ?? []),
    next: typeof body.next === "string" && body.next.length <= 200 ? body.next : null,
  };
}

async function read(url: string): Promise<HistoryPage | null> {
  try {
    const response = await fetch(url);
    return response.ok ? parseHistory(await response.json()) : null;
  } catch {
    return null;
  }
}

export function fetchHistory(
  endpoint: string,
  query: { readonly cursor?: string | null; readonly player?: string },
): Promise<HistoryPage | null> {
  const params = new URLSearchParams({ limit: "10" });
  if (query.cursor) params.set("cursor", query.cursor);
  if (query.player) params.set("player", query.player);
  return read(`${endpoint}/api/matches?${params}`);
}

export function fetchMyMatches(endpoint: string, ids: readonly string[]): Promise<HistoryPage | null> {
  if (ids.length === 0) return Promise.resolve({ matches: [], next: null });
  return read(`${endpoint}/api/matches?ids=${ids.join(",")}`);
}

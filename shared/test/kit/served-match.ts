import { type MatchRecord, matchShots } from "../../src/match/index.ts";

/**
 * A match record in the shape `GET /api/matches/:id` serves it (server/src/http/matches-api.ts,
 * docs/PROTOCOL.md): the record's actions without their strokes, and each stroke once, in `shots`, rebuilt by
 * the record's fold with its trace in base64. What the `analyse` command reads on standard input.
 */
export function servedMatch(record: MatchRecord): Record<string, unknown> {
  const folded = matchShots(record);
  if (!folded.ok) throw new Error(folded.error.message);
  const { header } = record;
  return {
    id: header.matchId,
    code: header.code,
    visibility: header.settings.visibility,
    opening: header.settings.opening,
    shotClock: header.settings.shotClock,
    opponent: header.settings.opponent ?? "person",
    level: header.settings.level ?? null,
    players: ["Anna", "Boris"],
    startedAt: header.createdAt,
    record: { header, actions: record.actions.map(({ at, action }) => ({ at, action })) },
    shots: folded.value.map(({ played, at, rest, after, score }) => ({
      ...played,
      at,
      trace: Buffer.from(played.trace).toString("base64"),
      rest,
      after,
      score,
    })),
    result: null,
  };
}

import type { ShotBroadcast } from "./messages.ts";

/**
 * The shots of the current match played before this page joined (a reload, a late spectator), read from
 * `GET /api/matches/:id`. They fill the log with their verdicts; the table before each is not recorded, so
 * they cannot be replayed here.
 */
interface RecordedShot {
  readonly number: number;
  readonly seat: number;
  readonly kind: string;
  readonly request?: ShotBroadcast["request"];
  readonly verdict?: ShotBroadcast["verdict"];
  readonly events?: ShotBroadcast["events"];
}

export function shotsFromRecord(matchId: string, record: unknown): ShotBroadcast[] {
  const shots = (record as { shots?: unknown })?.shots;
  if (!Array.isArray(shots)) return [];
  return (shots as RecordedShot[])
    .filter((s) => typeof s?.number === "number")
    .map((s) => ({
      matchId,
      number: s.number,
      kind: s.kind === "lag" || s.kind === "clock" ? s.kind : "shot",
      seat: s.seat,
      ...(s.request ? { request: s.request } : {}),
      ...(s.verdict ? { verdict: s.verdict } : {}),
      ...(s.events ? { events: s.events } : {}),
    }));
}

export async function fetchMatchShots(endpoint: string, matchId: string): Promise<ShotBroadcast[]> {
  const response = await fetch(`${endpoint}/api/matches/${encodeURIComponent(matchId)}`);
  if (!response.ok) return [];
  return shotsFromRecord(matchId, await response.json());
}

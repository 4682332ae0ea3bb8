import type { ShotBroadcast } from "./messages.ts";

/**
 * The shots of the current match played before this page joined (a reload, a late spectator), read from
 * `GET /api/matches/:id`. Each record carries its trace and the table at the stroke, so these shots fill
 * the log with their verdicts and can be replayed like the ones seen live.
 */
interface RecordedShot {
  readonly number: number;
  readonly seat: number;
  readonly kind: string;
  readonly request?: ShotBroadcast["request"];
  readonly before?: ShotBroadcast["before"] | null;
  readonly verdict: ShotBroadcast["verdict"];
  readonly events?: ShotBroadcast["events"];
  /** Base64 of the binary trace. */
  readonly trace?: string;
}

export function shotsFromRecord(matchId: string, record: unknown): ShotBroadcast[] {
  const shots = (record as { shots?: unknown })?.shots;
  if (!Array.isArray(shots)) return [];
  return (shots as RecordedShot[])
    .filter((s) => typeof s?.number === "number" && typeof s.verdict === "object" && s.verdict !== null)
    .map((s) => ({
      matchId,
      number: s.number,
      kind: s.kind === "lag" || s.kind === "clock" ? s.kind : "shot",
      seat: s.seat,
      request: s.request ?? {},
      before: s.before ?? [],
      verdict: s.verdict,
      events: s.events ?? [],
      trace: typeof s.trace === "string" ? s.trace : "",
      // The playback takes the trace's own length when the duration is shorter.
      duration: 0,
      elapsed: 0,
    }));
}

export async function fetchMatchShots(endpoint: string, matchId: string): Promise<ShotBroadcast[]> {
  const response = await fetch(`${endpoint}/api/matches/${encodeURIComponent(matchId)}`);
  if (!response.ok) return [];
  return shotsFromRecord(matchId, await response.json());
}

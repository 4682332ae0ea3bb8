import type { MatchView, PlayedShot } from "@habibka/shared/pipeline";
import type { ShotBroadcast, VerdictMessage } from "@habibka/shared/protocol";
import type { MatchRecords } from "../records/match-records.ts";

/** The `shot` message every client receives (docs/PROTOCOL.md); `elapsed` is set per late joiner. */
export function shotBroadcast(matchId: string, played: PlayedShot, seat: number): ShotBroadcast {
  return {
    matchId,
    number: played.number,
    kind: played.kind,
    seat,
    request: played.request as ShotBroadcast["request"],
    before: played.before,
    events: played.events,
    trace: Buffer.from(played.trace).toString("base64"),
    duration: played.duration,
    verdict: played.verdict as unknown as VerdictMessage,
    elapsed: 0,
  };
}

/**
 * Writes what an action changed to the match record: the shot it played, and the result when it ended the
 * match. Called before anything is announced, so a shot players saw is always on disk (issue 5).
 */
export function recordOutcome(
  records: MatchRecords,
  matchId: string,
  played: PlayedShot | undefined,
  seat: number,
  view: MatchView,
): void {
  if (played) {
    records.appendShot(matchId, {
      number: played.number,
      seat,
      kind: played.kind,
      request: played.request,
      before: played.before,
      verdict: played.verdict,
      events: played.events,
      trace: played.trace,
      at: Date.now(),
    });
  }
  if (view.phase === "finished" && view.winner !== null) {
    records.finishMatch(matchId, {
      winner: view.winner,
      reason: view.finishReason,
      shelves: [view.shelves[0].length, view.shelves[1].length],
      finishedAt: Date.now(),
    });
  }
}

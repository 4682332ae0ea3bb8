import type { MatchView, PlayedShot } from "@habibka/shared/pipeline";
import type { ShotBroadcast, VerdictMessage } from "@habibka/shared/protocol";
import type { ActionRecord } from "../records/match-records.ts";

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

/** What an action adds to the match record: the shot it played, and the result when it ended the match. */
export function actionRecord(
  matchId: string,
  change: { readonly played?: PlayedShot | undefined; readonly seat: number; readonly view: MatchView },
  at: number,
): ActionRecord {
  const { played, view } = change;
  return {
    matchId,
    ...(played
      ? {
          shot: {
            number: played.number,
            seat: change.seat,
            kind: played.kind,
            request: played.request,
            before: played.before,
            verdict: played.verdict,
            events: played.events,
            trace: played.trace,
            at,
          },
        }
      : {}),
    ...(view.phase === "finished" && view.winner !== null
      ? {
          result: {
            winner: view.winner,
            reason: view.finishReason,
            shelves: [view.shelves[0].length, view.shelves[1].length] as const,
            finishedAt: at,
          },
        }
      : {}),
  };
}

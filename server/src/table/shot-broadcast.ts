import type { PlayedStroke } from "@habibka/shared/match";
import type { ShotBroadcast } from "@habibka/shared/protocol";

/** The `shot` message every client receives (docs/PROTOCOL.md); `elapsed` is set per late joiner. */
export function shotBroadcast(matchId: string, played: PlayedStroke): ShotBroadcast {
  return {
    matchId,
    number: played.number,
    kind: played.kind,
    seat: played.seat,
    request: { ...played.request },
    before: played.before,
    events: played.events,
    trace: Buffer.from(played.trace).toString("base64"),
    duration: played.duration,
    verdict: played.verdict,
    elapsed: 0,
  };
}

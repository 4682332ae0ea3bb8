import type { PlayedStroke } from "../match/recorded-stroke.ts";
import type { ShotBroadcast } from "../protocol/server-messages.ts";
import { bytesToBase64 } from "../shot/base64.ts";

/**
 * The `shot` message every client receives (docs/PROTOCOL.md); `elapsed` is set per late joiner. The server's
 * tables and a page's own table without the network announce a stroke with the same message.
 */
export function shotBroadcast(matchId: string, played: PlayedStroke): ShotBroadcast {
  return {
    matchId,
    number: played.number,
    kind: played.kind,
    seat: played.seat,
    request: { ...played.request },
    before: played.before,
    events: played.events,
    trace: bytesToBase64(played.trace),
    duration: played.duration,
    verdict: played.verdict,
    elapsed: 0,
  };
}

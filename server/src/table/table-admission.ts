import { stepMatch } from "@habibka/shared/pipeline";
import type { JoinTableOptions } from "@habibka/shared/protocol";
import type { Logger } from "../logger.ts";
import { type ClientError, notRecorded, refusal } from "./refusals.ts";
import type { SeatHolds } from "./seat-holds.ts";
import { hashSeatToken, newSeatToken, type Seating } from "./seating.ts";
import type { TableChat } from "./table-chat.ts";
import type { TableDisplay } from "./table-display.ts";
import type { TableMatch } from "./table-match.ts";
import type { Member, TablePort } from "./table-port.ts";

/** Who asks to join, as the front door and the join options establish him. */
export type JoinRequest = JoinTableOptions & { readonly address: string };

/** The parts of a table a joiner meets. */
export interface AdmissionParts {
  readonly seating: Seating;
  readonly holds: SeatHolds;
  readonly chat: TableChat;
  readonly port: TablePort;
  readonly display: TableDisplay;
  readonly match: TableMatch;
  readonly logger: Logger;
  readonly code: string;
}

/**
 * Seats a joiner or lets him watch, in the table's queue: a seat's holder back with his token takes his seat
 * again (his old session goes); a newcomer's `sit` is recorded before he is seated; anyone else watches,
 * while there is room. Everyone admitted is welcomed with his role and the chat so far.
 */
export async function admit(
  parts: AdmissionParts,
  member: Member,
  request: JoinRequest,
): Promise<ClientError | undefined> {
  const { seating, match } = parts;
  const admission = seating.admit(request, match.match.seats);
  const chat = parts.chat.recent();
  if (admission.role === "refused") return { type: "join", code: "spectators-full", message: "spectators are full" };
  if (admission.role === "spectator") {
    seating.watch(member.sessionId, request.name);
    member.send("welcome", { role: "spectator", seat: null, matchId: match.matchId, chat });
    parts.display.showSeats(match.match);
    return undefined;
  }
  let seatToken = request.seatToken;
  if (admission.role === "newcomer") {
    seatToken = newSeatToken();
    const sat = stepMatch(match.match, {
      type: "sit",
      player: admission.seat,
      name: request.name,
      token: hashSeatToken(seatToken),
    });
    if (!sat.ok) return refusal("join", sat.error);
    if (!(await match.apply(sat.value))) return notRecorded("join");
  } else if (admission.replaces) {
    parts.port.replaceSession(admission.replaces);
  }
  seating.seat(admission.seat, member.sessionId);
  parts.holds.release(admission.seat);
  member.send("welcome", { role: "player", seat: admission.seat, seatToken, matchId: match.matchId, chat });
  parts.logger.info(
    { table: parts.code, seat: admission.seat, returning: admission.role === "holder" },
    "player seated",
  );
  parts.display.showSeats(match.match);
  return undefined;
}

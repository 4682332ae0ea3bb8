import { stepMatch } from "@habibka/shared/pipeline";
import type { JoinTableOptions } from "@habibka/shared/protocol";
import type { SeatAccount } from "../accounts/account-store.ts";
import type { Logger } from "../logger.ts";
import { type ClientError, notRecorded, refusal } from "./refusals.ts";
import type { SeatAccounts } from "./seat-accounts.ts";
import type { SeatHolds } from "./seat-holds.ts";
import { hashSeatToken, newSeatToken, type Seating, type SeatRules } from "./seating.ts";
import type { TableChat } from "./table-chat.ts";
import type { TableDisplay } from "./table-display.ts";
import type { TableMatch } from "./table-match.ts";
import type { Member, TablePort } from "./table-port.ts";

/**
 * Who asks to join, as the front door and the join options establish him: his address, and his account when
 * his request carried a session cookie (never from the options).
 */
export type JoinRequest = JoinTableOptions & { readonly address: string; readonly account: SeatAccount | null };

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
  readonly rules: SeatRules;
  readonly accounts: SeatAccounts;
}

/** What a refused joiner is told, by why. */
const REFUSALS = {
  "spectators-full": { code: "spectators-full", message: "spectators are full" },
  "account-required": {
    code: "account-required",
    message: "a seat at a rated table is for a player with an account: open the site first",
  },
  "not-your-seat": { code: "not-your-seat", message: "this seat belongs to another account" },
} as const;

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
  const account = request.account;
  const admission = seating.admit({ ...request, account: account?.id ?? null }, match.match.seats, parts.rules);
  const chat = parts.chat.recent();
  if (admission.role === "refused") return { type: "join", ...REFUSALS[admission.reason] };
  if (account) parts.accounts.know(account.id, account.rating);
  if (admission.role === "spectator") {
    seating.watch(member.sessionId, request.name);
    member.send("welcome", { role: "spectator", seat: null, matchId: match.matchId, chat });
    parts.display.showSeats(match.match);
    return undefined;
  }
  let seatToken = request.seatToken;
  if (admission.role === "newcomer") {
    seatToken = newSeatToken();
    // A player who named his account sits under that name (the table's name is then the profile's).
    const sat = stepMatch(match.match, {
      type: "sit",
      player: admission.seat,
      name: account?.name ?? request.name,
      token: hashSeatToken(seatToken),
      ...(account ? { account: account.id } : {}),
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

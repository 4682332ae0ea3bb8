import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { SeatHolder } from "@habibka/shared/match";
import type { Pair, PlayerIndex } from "@habibka/shared/rules";

/** A new seat token: 18 random bytes, the secret that returns a player to his seat. */
export function newSeatToken(): string {
  return randomBytes(18).toString("base64url");
}

/** What the match stores of a seat token: its SHA-256, never the token itself. */
export function hashSeatToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

function isSameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export type Admission =
  /** The holder of a seat, back with its token; `replaces` is his previous session, if any. */
  | { readonly role: "holder"; readonly seat: PlayerIndex; readonly replaces: string | null }
  /** A free seat for a new player: the room records his `sit`, then seats him. */
  | { readonly role: "newcomer"; readonly seat: PlayerIndex }
  | { readonly role: "spectator" }
  | { readonly role: "refused"; readonly reason: "spectators-full" | "account-required" | "not-your-seat" };

export interface AdmitRequest {
  readonly watch: boolean;
  readonly seatToken?: string | undefined;
  /** The joiner's account, as the front door established it from his session cookie. */
  readonly account?: string | null | undefined;
}

/** Who the table's seats are for: a rated table's are for accounts, a challenge's for its two. */
export interface SeatRules {
  readonly rated: boolean;
  /** The accounts each seat is kept for, or null when anyone may sit. */
  readonly invited: Pair<string> | null;
}

/**
 * Which connection sits in which seat, and who watches. Who holds a seat (his name and token) is the
 * match's to know; this is only about connections: a seat's holder may be here, away (his connection
 * dropped and may come back as the same session), or gone (he may return with his token).
 */
export class Seating {
  private readonly sessions: [string | null, string | null] = [null, null];
  private readonly away: [boolean, boolean] = [false, false];
  /** Seats the computer plays: always present, never a connection's. */
  private readonly computers: [boolean, boolean] = [false, false];
  readonly spectators = new Map<string, string>();
  private readonly spectatorCap: number;

  constructor(spectatorCap: number) {
    this.spectatorCap = spectatorCap;
  }

  /**
   * Decides what a joiner is, against the seats as the match has them: a seat's holder (by his seat token,
   * or by his account), a newcomer to a free seat he may take, or a spectator.
   */
  admit(request: AdmitRequest, seats: Pair<SeatHolder | null>, rules: SeatRules): Admission {
    const account = request.account ?? null;
    if (request.seatToken) {
      const hash = hashSeatToken(request.seatToken);
      for (const seat of [0, 1] as const) {
        const holder = seats[seat];
        if (!holder || !isSameHash(holder.token, hash)) continue;
        // A token is a secret of the seat's: one that reached another account's browser does not seat it.
        if (holder.account && account && holder.account !== account)
          return { role: "refused", reason: "not-your-seat" };
        return { role: "holder", seat, replaces: this.sessions[seat] };
      }
    }
    // A join that asks to watch watches, even from the seat's own account (another tab, a link to watch):
    // taking the seat back would close the connection that sits in it, and leave the seat empty once the
    // watching page goes.
    if (account && !request.watch) {
      for (const seat of [0, 1] as const) {
        if (seats[seat]?.account === account) return { role: "holder", seat, replaces: this.sessions[seat] };
      }
    }
    const free = ([0, 1] as const).find(
      (seat) => seats[seat] === null && (rules.invited === null || rules.invited[seat] === account),
    );
    if (!request.watch && free !== undefined) {
      if (rules.rated && !account) return { role: "refused", reason: "account-required" };
      return { role: "newcomer", seat: free };
    }
    if (this.spectators.size >= this.spectatorCap) return { role: "refused", reason: "spectators-full" };
    return { role: "spectator" };
  }

  /** The connection now sits in the seat (a newcomer once his `sit` is recorded, or its returning holder). */
  seat(seat: PlayerIndex, sessionId: string): void {
    this.sessions[seat] = sessionId;
    this.away[seat] = false;
  }

  /** The computer plays the seat (its `sit` is the match's): it is always there, and no connection is. */
  seatComputer(seat: PlayerIndex): void {
    this.computers[seat] = true;
  }

  isComputer(seat: PlayerIndex): boolean {
    return this.computers[seat];
  }

  watch(sessionId: string, name: string): void {
    this.spectators.set(sessionId, name);
  }

  seatOf(sessionId: string): PlayerIndex | null {
    if (this.sessions[0] === sessionId) return 0;
    if (this.sessions[1] === sessionId) return 1;
    return null;
  }

  /** The seat's connection dropped; it may come back as the same session (the SDK's reconnection). */
  drop(sessionId: string): PlayerIndex | null {
    const seat = this.seatOf(sessionId);
    if (seat !== null) this.away[seat] = true;
    return seat;
  }

  /** The dropped connection is back. */
  reconnect(sessionId: string): PlayerIndex | null {
    const seat = this.seatOf(sessionId);
    if (seat !== null) this.away[seat] = false;
    return seat;
  }

  /** The connection is gone; its seat (if it had one) waits for its holder's token. */
  disconnect(sessionId: string): PlayerIndex | null {
    this.spectators.delete(sessionId);
    const seat = this.seatOf(sessionId);
    if (seat !== null) {
      this.sessions[seat] = null;
      this.away[seat] = false;
    }
    return seat;
  }

  /** Whether any person is at the table: a seated player on a live connection, or a watcher. */
  anyoneHere(): boolean {
    const seated = (seat: PlayerIndex) => this.sessions[seat] !== null && !this.away[seat];
    return this.spectators.size > 0 || seated(0) || seated(1);
  }

  /** The seat's holder is here: the computer, or a live connection (not gone, not waiting to reconnect). */
  isPresent(seat: PlayerIndex): boolean {
    return this.computers[seat] || (this.sessions[seat] !== null && !this.away[seat]);
  }
}

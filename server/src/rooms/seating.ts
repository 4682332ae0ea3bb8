import { randomBytes, timingSafeEqual } from "node:crypto";

export type SeatIndex = 0 | 1;

export interface Seat {
  readonly name: string;
  /** Secret the seat's holder presents to come back to it (reload, new device, expired SDK reconnection). */
  readonly token: string;
  /** The connection holding the seat now; null once it has left and the seat is held for a new one. */
  sessionId: string | null;
  /** The connection dropped abnormally and Colyseus is waiting for it to reconnect (same session). */
  away: boolean;
}

export type Admission =
  | {
      readonly role: "player";
      readonly seat: SeatIndex;
      readonly token: string;
      readonly replaces: string | null;
      readonly returning: boolean;
    }
  | { readonly role: "spectator" }
  | { readonly role: "refused"; readonly reason: "spectators-full" };

export interface AdmitRequest {
  readonly sessionId: string;
  readonly name: string;
  readonly watch: boolean;
  readonly seatToken?: string | undefined;
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Who sits where at one table: two seats, each with a secret token, and the spectators. The first two
 * joiners who do not ask to watch take the seats; a seat's token brings its holder back for as long as the
 * seat is held, even from a new connection (the old one, if still open, is replaced).
 */
export class Seating {
  readonly seats: [Seat | null, Seat | null] = [null, null];
  readonly spectators = new Map<string, string>();

  private readonly spectatorCap: number;
  private readonly newToken: () => string;

  constructor(spectatorCap: number, newToken: () => string = () => randomBytes(18).toString("base64url")) {
    this.spectatorCap = spectatorCap;
    this.newToken = newToken;
  }

  admit(request: AdmitRequest): Admission {
    if (request.seatToken) {
      const seat = this.seatWithToken(request.seatToken);
      if (seat !== null) {
        const held = this.seats[seat]!;
        const replaces = held.sessionId;
        held.sessionId = request.sessionId;
        held.away = false;
        return { role: "player", seat, token: held.token, replaces, returning: true };
      }
    }
    const free = this.seats.indexOf(null);
    if (!request.watch && free !== -1) {
      const seat = free as SeatIndex;
      const token = this.newToken();
      this.seats[seat] = { name: request.name, token, sessionId: request.sessionId, away: false };
      return { role: "player", seat, token, replaces: null, returning: false };
    }
    if (this.spectators.size >= this.spectatorCap) return { role: "refused", reason: "spectators-full" };
    this.spectators.set(request.sessionId, request.name);
    return { role: "spectator" };
  }

  seatOf(sessionId: string): SeatIndex | null {
    if (this.seats[0]?.sessionId === sessionId) return 0;
    if (this.seats[1]?.sessionId === sessionId) return 1;
    return null;
  }

  isSpectator(sessionId: string): boolean {
    return this.spectators.has(sessionId);
  }

  /** The seat's connection dropped; it may come back as the same session (the SDK's reconnection). */
  drop(sessionId: string): SeatIndex | null {
    const seat = this.seatOf(sessionId);
    if (seat !== null) this.seats[seat]!.away = true;
    return seat;
  }

  /** The dropped connection is back. */
  reconnect(sessionId: string): SeatIndex | null {
    const seat = this.seatOf(sessionId);
    if (seat !== null) this.seats[seat]!.away = false;
    return seat;
  }

  /** The connection is gone; a seat stays held (its holder is away) until `release` or a return. */
  disconnect(sessionId: string): SeatIndex | null {
    this.spectators.delete(sessionId);
    const seat = this.seatOf(sessionId);
    if (seat !== null) {
      this.seats[seat]!.sessionId = null;
      this.seats[seat]!.away = false;
    }
    return seat;
  }

  /** A held seat is given up for good (the player left, or the hold expired). */
  release(seat: SeatIndex): void {
    this.seats[seat] = null;
  }

  bothSeated(): boolean {
    return this.seats[0] !== null && this.seats[1] !== null;
  }

  /** The seat's holder has a live connection (not left, not waiting to reconnect). */
  isPresent(seat: SeatIndex): boolean {
    const held = this.seats[seat];
    return held != null && held.sessionId !== null && !held.away;
  }

  private seatWithToken(token: string): SeatIndex | null {
    if (this.seats[0] && sameSecret(this.seats[0].token, token)) return 0;
    if (this.seats[1] && sameSecret(this.seats[1].token, token)) return 1;
    return null;
  }
}

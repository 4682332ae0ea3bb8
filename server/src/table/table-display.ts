import type { MatchState, PlayedStroke } from "@habibka/shared/match";
import { type MatchView, shotBroadcast, viewMatch } from "@habibka/shared/pipeline";
import type { PlayerIndex } from "@habibka/shared/rules";
import type { SeatAccounts } from "./seat-accounts.ts";
import type { Seating } from "./seating.ts";
import type { ShotTiming } from "./shot-timing.ts";
import { mirrorMatch, mirrorSeats } from "./state-mirror.ts";
import type { TableListing } from "./table-listing.ts";
import type { TablePort } from "./table-port.ts";

/**
 * What everyone sees of a table's match: the synced state, the shot's broadcast and its animation, the shot
 * clock, and the lobby's listing, each brought up to date from the match as it now is. It reads the match
 * and decides nothing.
 */
export class TableDisplay {
  private readonly port: TablePort;
  private readonly seating: Seating;
  private readonly timing: ShotTiming;
  private readonly listing: TableListing;
  private readonly accounts: SeatAccounts;
  /** The computer's seat looks again at a match it may now have to move in (after a change, an animation). */
  private readonly changed: () => void;

  constructor(
    parts: { port: TablePort; seating: Seating; timing: ShotTiming; listing: TableListing; accounts: SeatAccounts },
    changed: () => void,
  ) {
    this.port = parts.port;
    this.accounts = parts.accounts;
    this.seating = parts.seating;
    this.timing = parts.timing;
    this.listing = parts.listing;
    this.changed = changed;
  }

  /** The synced state, the shot clock and the lobby's listing, as the match now is. */
  showMatch(matchId: string, match: MatchState): void {
    const view = viewMatch(match);
    this.port.state.matchId = matchId;
    // Seats first: the players' shelves and debts are mirrored into their entries.
    this.mirrorSeats(match);
    mirrorMatch(this.port.state, view);
    this.restartShotClock(match, view);
    this.listing.update(match, this.seating, view, this.accounts);
    this.port.sendState();
    this.changed();
  }

  /** Someone sat, came, went or lost his seat: the seats and the listing as they now are. */
  showSeats(match: MatchState): void {
    this.mirrorSeats(match);
    this.listing.update(match, this.seating, viewMatch(match), this.accounts);
    this.port.sendState();
  }

  /** The seats in the state, and presence told which accounts sit here. */
  private mirrorSeats(match: MatchState): void {
    mirrorSeats(this.port.state, match.seats, this.seating, this.accounts);
    this.accounts.update(match.seats);
  }

  /** A stroke was played: everyone is sent it, and the table animates it before the next may be played. */
  announce(matchId: string, played: PlayedStroke): void {
    const message = shotBroadcast(matchId, played);
    this.port.broadcast("shot", message);
    this.port.state.animating = message.duration > 0;
    this.timing.startAnimation(message);
  }

  /** The shot's animation ended: the next may be played, and its clock starts. */
  animationEnded(match: MatchState): void {
    this.port.state.animating = false;
    this.restartShotClock(match);
    // Soon, not on the next beat: a player who skipped the animation may shoot the moment it ends. Not from
    // inside this call, which may be the room clock's tick: sending the state ticks that clock.
    queueMicrotask(() => this.port.sendState());
    this.changed();
  }

  /** The shot clock as set now: clients count down from it until it is set again (docs/PROTOCOL.md). */
  showClock(msLeft: number): void {
    const state = this.port.state;
    state.clockLeftMs = Math.round(msLeft);
    // A new setting is told even when its value repeats (two turns' full clocks in one patch).
    state.clockSetting = (state.clockSetting + 1) % 65_536;
    this.port.stateChanged();
  }

  /** A held seat's countdown, shown in its player's entry. */
  showHold(seat: PlayerIndex, secondsLeft: number): void {
    const player = this.port.state.players.get(String(seat));
    if (!player || player.holdLeft === secondsLeft) return;
    player.holdLeft = secondsLeft;
    this.port.stateChanged();
  }

  /** The shot clock runs for the player to move in the opening and in play (not in the lag). */
  restartShotClock(match: MatchState, view: MatchView = viewMatch(match)): void {
    this.timing.restartClock(view.toMove !== null && (view.phase === "opening" || view.phase === "play"));
  }
}

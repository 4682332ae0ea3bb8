import type { TableSnapshot } from "../net/table-snapshot.ts";

/**
 * What the player at this page may do now, from the match as the page shows it: one pure answer that every
 * control, the table's pointer and the keys read, so that none of them offers what the server would refuse.
 */
export interface TurnRights {
  /** This seat must act, and the last shot has stopped here and on the server. */
  readonly myTurn: boolean;
  /** The lag: this player's lag shot is still to send. */
  readonly canLag: boolean;
  /** A stroke may be composed and sent (the opening shot or a turn in play, no offer waiting). */
  readonly canShoot: boolean;
  /** An offer waits for this player's answer. */
  readonly offerToMe: boolean;
  /** The ball in hand is placed in the house first (the opening shot, the lag). */
  readonly placing: "opening" | "lag" | null;
}

export interface TurnInput {
  readonly snapshot: TableSnapshot;
  readonly seat: 0 | 1 | null;
  /** A live shot is still playing on this page. */
  readonly playing: boolean;
  /** The shot number whose offer this player has chosen to take (the offer then waits only for the shot). */
  readonly tookOffer: number | null;
}

export function turnRights({ snapshot, seat, playing, tookOffer }: TurnInput): TurnRights {
  const seated = seat !== null;
  const myTurn = seated && snapshot.toMove === seat && !snapshot.animating && !playing;
  const canLag = seated && snapshot.phase === "lag" && snapshot.lagSent[seat] !== true && !playing;
  const offerOpen = snapshot.offer !== "" && tookOffer !== snapshot.shotNumber;
  const canShoot = myTurn && !offerOpen && (snapshot.phase === "play" || snapshot.phase === "opening");
  const placing = canLag ? "lag" : canShoot && snapshot.phase === "opening" ? "opening" : null;
  return { myTurn, canLag, canShoot, offerToMe: myTurn && offerOpen && snapshot.phase === "play", placing };
}

import type { ComputerLevel, ComputerPace } from "@habibka/shared/match";
import type { SHOT_CLOCK_CHOICES } from "@habibka/shared/protocol";

/** What a page asks the game server for when it opens a table: a new one, one against the computer, one by code. */

export interface CreateTarget {
  readonly kind: "create";
  readonly visibility: "public" | "private";
  readonly opening: "lag" | "draw";
  readonly shotClock: (typeof SHOT_CLOCK_CHOICES)[number];
  /** A rated match [рейтинговая]: a public table with a shot clock, both seats accounts. */
  readonly rated?: boolean;
}

/** A table against the computer at a strength: private, the computer in seat 1 (docs/PROTOCOL.md). */
interface ComputerTarget {
  readonly kind: "computer";
  readonly level: ComputerLevel;
  readonly pace?: ComputerPace;
}

interface JoinTarget {
  readonly kind: "join";
  readonly code: string;
  readonly watch: boolean;
}

/**
 * A table against the computer played in this page without the server (src/offline/): a new one, or one
 * this browser keeps, by its match's id.
 */
export type LocalTarget =
  | { readonly kind: "local"; readonly level: ComputerLevel; readonly pace: ComputerPace }
  | { readonly kind: "local"; readonly resume: string };

export type SessionTarget = CreateTarget | ComputerTarget | JoinTarget | LocalTarget;

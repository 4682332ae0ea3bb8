/**
 * Who sits opposite a table's creator: whoever joins by the code, or the computer at one of three strengths
 * (docs/COMPUTER.md). A table's setting, kept in its record's header; the names the computer sits under are
 * here too, for the server that seats it and for any client that shows them before it sits.
 */

export const OPPONENTS = ["person", "computer"] as const;
export type Opponent = (typeof OPPONENTS)[number];

/** новичок, любитель, мастер. */
export const COMPUTER_LEVELS = ["novice", "amateur", "master"] as const;
export type ComputerLevel = (typeof COMPUTER_LEVELS)[number];

/** The strength a table against the computer gets when its creator names none. */
export const DEFAULT_COMPUTER_LEVEL: ComputerLevel = "amateur";

/**
 * How quickly the computer plays (docs/COMPUTER.md): `normal` pauses as a person thinks, `brisk` just long
 * enough to see its aim; a table's choice, kept in its settings.
 */
export const COMPUTER_PACES = ["normal", "brisk"] as const;
export type ComputerPace = (typeof COMPUTER_PACES)[number];
export const DEFAULT_COMPUTER_PACE: ComputerPace = "normal";

/** The seat the computer takes: the creator sits in seat 0, as at any table. */
export const COMPUTER_SEAT = 1;

/**
 * The computer's name at each strength. The middle dot is a character no person's name may contain
 * (`protocol/visible-text.ts`), so nobody can sit under the computer's name.
 */
export const COMPUTER_NAMES: Readonly<Record<ComputerLevel, string>> = {
  novice: "Компьютер · новичок",
  amateur: "Компьютер · любитель",
  master: "Компьютер · мастер",
};

import { z } from "zod";

/**
 * Playing the computer: its three strengths and the names it sits under. The names live here, in one place,
 * for the server that seats the computer and for any client that wants to show them before it sits.
 */

/** новичок, любитель, мастер (docs/COMPUTER.md). */
export const COMPUTER_LEVELS = ["novice", "amateur", "master"] as const;
export const ComputerLevel = z.enum(COMPUTER_LEVELS, { error: 'expected "novice", "amateur" or "master"' });
export type ComputerLevel = z.infer<typeof ComputerLevel>;

/** A table's opponent for its creator: whoever joins by the code, or the computer. */
export const Opponent = z.enum(["person", "computer"], { error: 'expected "person" or "computer"' });
export type Opponent = z.infer<typeof Opponent>;

/** The strength a table against the computer gets when its creator names none. */
export const DEFAULT_COMPUTER_LEVEL: ComputerLevel = "amateur";

/** The seat the computer takes: the creator sits in seat 0, as at any table. */
export const COMPUTER_SEAT = 1;

/**
 * The computer's name at each strength. The middle dot is a character no person's name may contain
 * (visible-text.ts), so nobody can sit under the computer's name.
 */
export const COMPUTER_NAMES: Readonly<Record<ComputerLevel, string>> = {
  novice: "Компьютер · новичок",
  amateur: "Компьютер · любитель",
  master: "Компьютер · мастер",
};

/**
 * The table's choices as plain values, without their schemas (table-options.ts): the lobby offers them and
 * checks a typed code with them, and the client's first download must not carry the validation library for
 * that.
 */

/** Shot clock in seconds; 0 is off. */
export const SHOT_CLOCK_CHOICES = [0, 30, 60, 90] as const;

/** Default time an absent player's seat is held before the match is lost: 3 minutes. */
export const DEFAULT_SEAT_HOLD_SECONDS = 180;
export const DEFAULT_SPECTATOR_CAP = 50;

/**
 * A public table always runs a shot clock, so that no stranger can stall his opponent forever; a private
 * table is between friends and keeps its creator's choice (off by default).
 */
export const PUBLIC_SHOT_CLOCK_DEFAULT = 60;

/** Table codes: six digits, easy to read aloud in any language; also the room id and the invite link `/t/<code>`. */
export const TABLE_CODE_PATTERN = /^[0-9]{6}$/;

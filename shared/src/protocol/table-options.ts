import { z } from "zod";

/** A player's display name: 1–24 letters, digits, spaces or . _ - ', trimmed (shown to everyone at the table). */
export const PlayerName = z
  .string()
  .trim()
  .min(1, "name must not be empty")
  .max(24, "name must be at most 24 characters")
  .regex(/^[\p{L}\p{N} ._\-']+$/u, "name may contain letters, digits, spaces and . _ - ' only");

/** How the opening shot is decided (clause 5, I21). */
export const OpeningMode = z.enum(["lag", "draw"]);
export type OpeningMode = z.infer<typeof OpeningMode>;

/** Shot clock in seconds; 0 is off. */
export const SHOT_CLOCK_CHOICES = [0, 30, 60, 90] as const;
export const ShotClock = z.union(SHOT_CLOCK_CHOICES.map((s) => z.literal(s)));

/** Default time an absent player's seat is held before the match is lost (issue 5: 3 minutes). */
export const DEFAULT_SEAT_HOLD_SECONDS = 180;
export const DEFAULT_SPECTATOR_CAP = 50;

/** Options for creating a table; every field but the name has a default. */
export const CreateTableOptions = z.object({
  name: PlayerName,
  visibility: z.enum(["public", "private"]).default("public"),
  opening: OpeningMode.default("lag"),
  shotClock: ShotClock.default(0),
  seatHoldSeconds: z.number().int().min(10).max(3600).default(DEFAULT_SEAT_HOLD_SECONDS),
  spectatorCap: z.number().int().min(0).max(500).default(DEFAULT_SPECTATOR_CAP),
  /** Ask to watch rather than take a seat. */
  watch: z.boolean().default(false),
  seatToken: z.string().max(64).optional(),
});
export type CreateTableOptions = z.infer<typeof CreateTableOptions>;

/** Options for joining a table by its code. */
export const JoinTableOptions = z.object({
  name: PlayerName,
  watch: z.boolean().default(false),
  /** The secret given with a seat; presenting it again returns the player to that seat. */
  seatToken: z.string().max(64).optional(),
});
export type JoinTableOptions = z.infer<typeof JoinTableOptions>;

/** Table codes: six digits, easy to read aloud in any language; also the room id and the invite link `/t/<code>`. */
export const TABLE_CODE_PATTERN = /^[0-9]{6}$/;
export const TableCode = z.string().regex(TABLE_CODE_PATTERN, "a table code is six digits");

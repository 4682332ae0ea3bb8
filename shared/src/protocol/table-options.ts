import { z } from "zod";
import { PlayerName } from "./text-schemas.ts";

/** How the opening shot is decided (clause 5, I21). */
export const OpeningMode = z.enum(["lag", "draw"]);
export type OpeningMode = z.infer<typeof OpeningMode>;

/** Shot clock in seconds; 0 is off. */
export const SHOT_CLOCK_CHOICES = [0, 30, 60, 90] as const;
export const ShotClock = z.union(SHOT_CLOCK_CHOICES.map((s) => z.literal(s)));

/** Default time an absent player's seat is held before the match is lost: 3 minutes. */
export const DEFAULT_SEAT_HOLD_SECONDS = 180;
export const DEFAULT_SPECTATOR_CAP = 50;

/**
 * A public table always runs a shot clock, so that no stranger can stall his opponent forever; a private
 * table is between friends and keeps its creator's choice (off by default).
 */
export const PUBLIC_SHOT_CLOCK_DEFAULT = 60;

/** Options for creating a table; every field but the name has a default. */
export const CreateTableOptions = z
  .object({
    name: PlayerName,
    visibility: z.enum(["public", "private"]).default("public"),
    opening: OpeningMode.default("lag"),
    shotClock: ShotClock.optional(),
    seatHoldSeconds: z.number().int().min(10).max(3600).default(DEFAULT_SEAT_HOLD_SECONDS),
    spectatorCap: z.number().int().min(0).max(500).default(DEFAULT_SPECTATOR_CAP),
    /** Ask to watch rather than take a seat. */
    watch: z.boolean().default(false),
    seatToken: z.string().max(64).optional(),
  })
  .strict()
  .superRefine((options, context) => {
    if (options.visibility === "public" && options.shotClock === 0) {
      context.addIssue({ code: "custom", path: ["shotClock"], message: "a public table needs a shot clock" });
    }
  })
  .transform((options) => ({
    ...options,
    shotClock: options.shotClock ?? (options.visibility === "public" ? PUBLIC_SHOT_CLOCK_DEFAULT : 0),
  }));
export type CreateTableOptions = z.infer<typeof CreateTableOptions>;

/**
 * Options for joining a table by its code. The room also reads the creator's own options with it (their
 * extra table settings are dropped); the HTTP front door takes only these fields (`.strict()`).
 */
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

import { z } from "zod";
import {
  COMPUTER_LEVELS,
  COMPUTER_PACES,
  DEFAULT_COMPUTER_LEVEL,
  DEFAULT_COMPUTER_PACE,
  OPPONENTS,
  type Opponent,
} from "../match/opponent.ts";
import {
  DEFAULT_SEAT_HOLD_SECONDS,
  DEFAULT_SPECTATOR_CAP,
  PUBLIC_SHOT_CLOCK_DEFAULT,
  SHOT_CLOCK_CHOICES,
} from "./table-choices.ts";
import { PlayerName } from "./text-schemas.ts";

/** How the opening shot is decided (clause 5, I21). */
export const OpeningMode = z.enum(["lag", "draw"]);
export type OpeningMode = z.infer<typeof OpeningMode>;

export const ShotClock = z.union(SHOT_CLOCK_CHOICES.map((s) => z.literal(s)));

/**
 * Options for creating a table; every field but the name has a default. A table against the computer is
 * private unless its creator asks otherwise: it is one person's game, watched by link.
 */
export const CreateTableOptions = z
  .object({
    name: PlayerName,
    visibility: z.enum(["public", "private"]).optional(),
    opening: OpeningMode.default("lag"),
    shotClock: ShotClock.optional(),
    seatHoldSeconds: z.number().int().min(10).max(3600).default(DEFAULT_SEAT_HOLD_SECONDS),
    spectatorCap: z.number().int().min(0).max(500).default(DEFAULT_SPECTATOR_CAP),
    /** Who plays the creator: a person who joins by the code (default), or the computer in seat 1. */
    opponent: z.enum(OPPONENTS, { error: 'expected "person" or "computer"' }).default("person"),
    /** The computer's strength; only with `opponent: "computer"`. */
    level: z.enum(COMPUTER_LEVELS, { error: 'expected "novice", "amateur" or "master"' }).optional(),
    /** How quickly the computer plays; only with `opponent: "computer"`. */
    pace: z.enum(COMPUTER_PACES, { error: 'expected "normal" or "brisk"' }).optional(),
    /** Ask to watch rather than take a seat. */
    watch: z.boolean().default(false),
    seatToken: z.string().max(64).optional(),
    /**
     * A rated table: its finished match moves both players' ratings. Public, with a shot clock, for two
     * people, both seats taken by accounts (docs/PROTOCOL.md, "Rated tables").
     */
    rated: z.boolean().default(false),
  })
  .strict()
  .superRefine((options, context) => {
    if (options.rated && options.opponent === "computer") {
      context.addIssue({
        code: "custom",
        path: ["rated"],
        message: "a rated table is for two people: the computer does not play one",
      });
    }
    if (options.rated && options.visibility === "private") {
      context.addIssue({ code: "custom", path: ["rated"], message: "a rated table is public: it cannot be private" });
    }
    if (options.level !== undefined && options.opponent !== "computer") {
      context.addIssue({
        code: "custom",
        path: ["level"],
        message: 'a level is only for a table against the computer (opponent: "computer")',
      });
    }
    if (options.pace !== undefined && options.opponent !== "computer") {
      context.addIssue({
        code: "custom",
        path: ["pace"],
        message: 'a pace is only for a table against the computer (opponent: "computer")',
      });
    }
    if (visibilityOf(options) === "public" && options.shotClock === 0) {
      context.addIssue({ code: "custom", path: ["shotClock"], message: "a public table needs a shot clock" });
    }
  })
  .transform((options) => {
    const visibility = visibilityOf(options);
    return {
      ...options,
      visibility,
      shotClock: options.shotClock ?? (visibility === "public" ? PUBLIC_SHOT_CLOCK_DEFAULT : 0),
      level: options.opponent === "computer" ? (options.level ?? DEFAULT_COMPUTER_LEVEL) : undefined,
      pace: options.opponent === "computer" ? (options.pace ?? DEFAULT_COMPUTER_PACE) : undefined,
    };
  });
export type CreateTableOptions = z.infer<typeof CreateTableOptions>;

function visibilityOf(options: { readonly visibility?: "public" | "private"; readonly opponent: Opponent }) {
  return options.visibility ?? (options.opponent === "computer" ? "private" : "public");
}

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

import { z } from "zod";
import { MAX_STROKE_SPEED } from "../shot/stroke.ts";
import { POCKET_IDS } from "../table/pockets.ts";

/**
 * The scenario of the habibka-sim contract (docs/rules/sim-cli.md), shape only. Checks that need the
 * whole scenario (overlaps, the cue ball on the table, shelves accounting for every white ball …) live in
 * `validate-scenario.ts`. Every schema carries a message a user can act on; the path is added by the caller.
 */

const finite = () => z.number({ error: "expected a finite number" });
const ballId = () =>
  z
    .int({ error: "expected a ball id (an integer 0–15)" })
    .min(0, { error: "expected a ball id (an integer 0–15)" })
    .max(15, {
      error: "expected a ball id (an integer 0–15)",
    });
const count = () =>
  z.int({ error: "expected a non-negative integer" }).min(0, { error: "expected a non-negative integer" });

export const ballSchema = z.object({ id: ballId(), x: finite(), y: finite() }, { error: "expected {id, x, y}" });

export const shotSchema = z.object(
  {
    cue: ballId(),
    angle: finite(),
    speed: finite()
      .gt(0, { error: "expected a speed above 0 m/s" })
      .max(MAX_STROKE_SPEED, { error: `expected a speed of at most ${MAX_STROKE_SPEED} m/s` }),
    offset: z.object({ x: finite(), y: finite() }, { error: "expected {x, y}" }).optional(),
  },
  { error: "expected {cue, angle, speed, offset?}" },
);

export const callSchema = z
  .array(
    z.object(
      {
        ball: ballId(),
        pocket: z.enum(POCKET_IDS, { error: `expected a pocket id (${POCKET_IDS.join(", ")})` }),
        way: z.enum(["direct", "bank"], { error: 'expected "direct" or "bank"' }),
      },
      { error: "expected {ball, pocket, way}" },
    ),
    { error: "expected a list of called balls" },
  )
  .max(2, { error: "expected at most two called balls" });

const shelfSchema = z.union([count(), z.array(ballId(), { error: "expected a list of ball ids" })], {
  error: "expected a ball count or a list of ball ids",
});

export const matchSchema = z.object(
  {
    shelf: z.tuple([shelfSchema, shelfSchema], { error: "expected two shelves [player 0, player 1]" }).default([0, 0]),
    debt: z.tuple([count(), count()], { error: "expected two debts [player 0, player 1]" }).default([0, 0]),
    opening: z.boolean({ error: "expected true or false" }).default(false),
  },
  { error: "expected {shelf, debt, opening}" },
);

/** The command's scenario as JSON; what it parses to is the rules' `Scenario` (rules/scenario.ts). */
export const scenarioSchema = z.object(
  {
    balls: z.array(ballSchema, { error: "expected a list of balls" }),
    shot: shotSchema,
    call: callSchema.optional(),
    match: matchSchema.optional(),
  },
  { error: "expected a scenario object {balls, shot, call?, match?}" },
);

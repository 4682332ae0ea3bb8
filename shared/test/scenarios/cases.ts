import type { Stroke } from "../../src/shot/stroke.ts";
import type { BallPosition } from "../../src/table/balls.ts";
import { axisAngle, ball, onAxis } from "./shots.ts";

/**
 * The tables and strokes of the scenarios, shared by the in-process tests and the command's tests. Each was
 * checked in the simulator (the tests assert the physics' events every time they run). When the physics
 * changes, `node shared/test/scenarios/find-geometry.ts` re-runs the sweeps that found these numbers.
 */
export interface Shot {
  readonly table: readonly BallPosition[];
  readonly stroke: Stroke;
}

const centre = ball(0, { x: 0, y: 0 });
/** Two white balls far from every shot below. */
const bystanders = [ball(12, { x: -1.0, y: -0.5 }), ball(14, { x: -1.2, y: 0.4 })];

/**
 * A direct pot into FL: 3 lies 30 cm in front of the FL mouth on the pocket's axis, the cue ball 7 another
 * 30 cm back on the same line, and a centre-ball stroke along the axis at 2 m/s pots 3 cleanly (stun: 7
 * stops where it met 3). With follow (tip 0.5 R above centre) 7 runs on after 3 into FL.
 */
export const POT_FL: Shot & { readonly follow: Stroke } = {
  table: [centre, ball(3, onAxis("FL", 0.3)), ball(7, onAxis("FL", 0.6)), ...bystanders],
  stroke: { cue: 7, angle: axisAngle("FL"), speed: 2 },
  follow: { cue: 7, angle: axisAngle("FL"), speed: 2, offset: { x: 0, y: 0.5 } },
};

/**
 * A bank [дуплет] into ML off RF: 3 at (0.3, −0.5) is driven across the table into the right long cushion
 * and comes back into ML. Found offline: aiming 3 at the mirror image of ML's mouth centre across the line
 * y = −(W/2 − R) gives −98.11°; sweeping the stroke angle in 0.05° steps at 2.5 m/s (cue ball 25 cm behind
 * 3 on the line, a full hit) potted 3 in ML from −99.00° to −98.35°, touching only RF from −98.80° to
 * −98.50°. The middle of that clean window is used; the cue ball's place is rounded to 0.1 mm.
 */
export const BANK_ML: Shot = {
  table: [centre, ball(3, { x: 0.3, y: -0.5 }), ball(7, { x: 0.3376, y: -0.2528 }), ...bystanders],
  stroke: { cue: 7, angle: -98.65, speed: 2.5 },
};

/** A miss: the cue ball 7 rolls slowly towards the left cushion (+y) through empty cloth, touching no ball. */
export const MISS: Shot = {
  table: [centre, ball(7, { x: -0.5, y: 0.5 }), ball(3, { x: 1.2, y: -0.3 }), ...bystanders],
  stroke: { cue: 7, angle: 90, speed: 0.5 },
};

/**
 * Last-ball play (7:7): the only white ball is 5, the coloured ball lies 30 cm in front of FL on its axis and
 * 5 another 30 cm back; stun pots the coloured ball and 5 stops, follow sends 5 in after it.
 */
export const LAST_BALL: Shot & { readonly follow: Stroke } = {
  table: [ball(0, onAxis("FL", 0.3)), ball(5, onAxis("FL", 0.6))],
  stroke: { cue: 5, angle: axisAngle("FL"), speed: 2 },
  follow: { cue: 5, angle: axisAngle("FL"), speed: 2, offset: { x: 0, y: 0.5 } },
};

/**
 * A gentle full hit that leaves 3 at rest across the FL mouth line (clause 3b): the FL geometry with 3 15 cm
 * and the cue ball 25 cm from the mouth. Found by sweeping the speed in 1 cm/s steps: 3 comes to rest in the
 * mouth from 0.34 to 0.38 m/s; 0.36 is used. At 0.3 m/s it stops short of the mouth.
 */
export const IN_MOUTH: Shot = {
  table: [centre, ball(3, onAxis("FL", 0.15)), ball(7, onAxis("FL", 0.25)), bystanders[0]!],
  stroke: { cue: 7, angle: axisAngle("FL"), speed: 0.36 },
};

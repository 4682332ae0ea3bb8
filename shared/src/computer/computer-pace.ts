import type { ComputerPace } from "../match/opponent.ts";
import type { AimMessage } from "../protocol/client-messages.ts";
import type { Random } from "../random.ts";

/**
 * How the computer seems to play at a person's pace: how long it "thinks" before each kind of action, and the
 * aim it shows before a shot, the cue swinging onto its line. Every time is real time, multiplied by the table's
 * `thinkScale` (tests shrink it); the search itself runs meanwhile, so a quick search waits the rest of the time.
 */

export type Pause = "lag" | "opening" | "shot" | "shot-after-take" | "answer" | "rematch";

/**
 * The shortest and longest pause of each kind, milliseconds, at each pace. A brisk computer still pauses
 * long enough for the balls' rest to be seen and its aim to be followed, but a player's turn comes back in
 * 1–2 s instead of 9–12.
 */
const PAUSES: Readonly<Record<ComputerPace, Readonly<Record<Pause, readonly [number, number]>>>> = {
  normal: {
    lag: [1_500, 3_000],
    opening: [2_500, 4_500],
    shot: [2_000, 5_000],
    "shot-after-take": [800, 1_600],
    answer: [1_200, 2_500],
    rematch: [1_500, 2_500],
  },
  brisk: {
    lag: [600, 1_200],
    opening: [600, 1_200],
    shot: [600, 1_200],
    "shot-after-take": [300, 600],
    answer: [500, 900],
    rematch: [800, 1_200],
  },
};

/** How long the aim is shown before the shot, at each pace, and in how many steps (a person's aim arrives about 8 a second). */
export const AIM_SHOW_MS: Readonly<Record<ComputerPace, number>> = { normal: 1_200, brisk: 400 };
const AIM_STEPS = 8;
/** How far off its line the cue starts its swing, degrees. */
const AIM_SWING = 4;

/** The window a pause is drawn from, milliseconds before the scale (tests read it). */
export function pauseWindow(pause: Pause, pace: ComputerPace): readonly [number, number] {
  return PAUSES[pace][pause];
}

export function pauseMs(pause: Pause, random: Random, scale: number, pace: ComputerPace = "normal"): number {
  const [shortest, longest] = PAUSES[pace][pause];
  return (shortest + random() * (longest - shortest)) * scale;
}

/**
 * The aim messages of the swing, in order: the stroke's angle approached from one side, slowing as it closes,
 * the last exactly the stroke to be played (with its call and, for the opening, the ball in hand's place).
 */
export function aimSweep(aim: AimMessage, random: Random, steps = AIM_STEPS): AimMessage[] {
  const side = random() < 0.5 ? -1 : 1;
  const swing = Array.from({ length: steps - 1 }, (_, i) => {
    const left = 1 - (i + 1) / steps;
    const angle = (((aim.stroke.angle + side * AIM_SWING * left * left) % 360) + 360) % 360;
    return { ...aim, stroke: { ...aim.stroke, angle } };
  });
  return [...swing, aim];
}

/**
 * Re-finds the hard-coded numbers of the scenario tests when the physics changes (not a test: run it with
 * `node shared/test/scenarios/find-geometry.ts`). It prints, for each sweep, the window where the shot still
 * does what its test is about; put the middle of the window back into cases.ts / calls.test.ts.
 */
import { simulate } from "../../src/physics/index.ts";
import type { ShotEvent } from "../../src/shot/shot-events.ts";
import type { BallPosition } from "../../src/table/balls.ts";
import { BALL_RADIUS, HALF_WIDTH } from "../../src/table/dimensions.ts";
import { POCKETS } from "../../src/table/pockets.ts";
import { axisAngle, onAxis } from "./shots.ts";

const R = BALL_RADIUS;

function window(label: string, values: number[], ok: (v: number) => boolean): void {
  const good = values.filter(ok);
  const mid = good.length > 0 ? (good[0]! + good.at(-1)!) / 2 : null;
  console.log(`${label}: ${good.length} of ${values.length}: ${good[0] ?? "-"} … ${good.at(-1) ?? "-"}, middle ${mid}`);
}

const steps = (from: number, to: number, step: number) =>
  Array.from({ length: Math.round((to - from) / step) + 1 }, (_, k) => +(from + k * step).toFixed(6));

const cushionsOf = (events: readonly ShotEvent[], id: number) =>
  events.flatMap((e) => (e.type === "cushion" && e.ball === id ? [e] : []));
const pocketOf = (events: readonly ShotEvent[], id: number) => events.find((e) => e.type === "pocket" && e.ball === id);

// BANK_ML: 3 at (0.3, −0.5) off RF into ML, cue ball 25 cm behind on the stroke line, 2.5 m/s.
{
  const object = { x: 0.3, y: -0.5 };
  const ml = POCKETS.ML.mouthCentre;
  const mirror = { x: ml.x, y: -2 * (HALF_WIDTH - R) - ml.y };
  const aim = (Math.atan2(mirror.y - object.y, mirror.x - object.x) * 180) / Math.PI;
  console.log(`bank: aim at the mirror image ${aim.toFixed(3)}°`);
  window("bank ML off RF only (stroke angle, °)", steps(aim - 2, aim + 2, 0.05), (angle) => {
    const a = (angle * Math.PI) / 180;
    const cue = { id: 7, x: object.x - Math.cos(a) * 0.25, y: object.y - Math.sin(a) * 0.25 };
    const balls: BallPosition[] = [{ id: 0, x: 0, y: 0 }, { id: 3, ...object }, cue, { id: 12, x: -1, y: -0.5 }];
    const { events } = simulate({ balls, strokes: [{ cue: 7, angle, speed: 2.5 }] });
    const pocket = pocketOf(events, 3);
    const cushions = cushionsOf(events, 3).map((c) => c.cushion);
    return pocket?.type === "pocket" && pocket.pocket === "ML" && cushions.join() === "RF";
  });
}

// The jaw test: 3 and the cue ball moved sideways off the FL axis; 3 must drop touching only FL's jaws.
window("FL jaws then drop (offset, m)", steps(0, 0.008, 0.00025), (offset) => {
  const side = { x: -Math.SQRT1_2 * offset, y: Math.SQRT1_2 * offset };
  const o = onAxis("FL", 0.3);
  const c = onAxis("FL", 0.6);
  const balls: BallPosition[] = [
    { id: 0, x: 0, y: 0 },
    { id: 3, x: o.x + side.x, y: o.y + side.y },
    { id: 7, x: c.x + side.x, y: c.y + side.y },
  ];
  const { events } = simulate({ balls, strokes: [{ cue: 7, angle: axisAngle("FL"), speed: 2 }] });
  const jaws = cushionsOf(events, 3);
  return pocketOf(events, 3) !== undefined && jaws.length > 0 && jaws.every((j) => j.jaw === "FL");
});

// IN_MOUTH: 3 15 cm and the cue ball 25 cm from the FL mouth; 3 must come to rest across the mouth line.
window("FL in-mouth (speed, m/s)", steps(0.2, 0.6, 0.01), (speed) => {
  const balls: BallPosition[] = [
    { id: 0, x: 0, y: 0 },
    { id: 3, ...onAxis("FL", 0.15) },
    { id: 7, ...onAxis("FL", 0.25) },
  ];
  const { events } = simulate({ balls, strokes: [{ cue: 7, angle: axisAngle("FL"), speed }] });
  return events.some((e) => e.type === "in-mouth" && e.ball === 3) && cushionsOf(events, 3).length === 0;
});

// POT_FL and LAST_BALL: stun pots the object ball alone, follow 0.5 R sends the cue ball in after it.
window("FL stun pots 3 alone (speed, m/s)", steps(1, 3, 0.25), (speed) => {
  const balls = [
    { id: 3, ...onAxis("FL", 0.3) },
    { id: 7, ...onAxis("FL", 0.6) },
  ];
  const { events } = simulate({ balls, strokes: [{ cue: 7, angle: axisAngle("FL"), speed }] });
  return pocketOf(events, 3) !== undefined && pocketOf(events, 7) === undefined;
});
window("FL follow 0.5 R pots both (speed, m/s)", steps(1, 3, 0.25), (speed) => {
  const balls = [
    { id: 3, ...onAxis("FL", 0.3) },
    { id: 7, ...onAxis("FL", 0.6) },
  ];
  const { events } = simulate({
    balls,
    strokes: [{ cue: 7, angle: axisAngle("FL"), speed, offset: { x: 0, y: 0.5 } }],
  });
  return pocketOf(events, 3) !== undefined && pocketOf(events, 7) !== undefined;
});

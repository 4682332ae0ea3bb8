import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { answerOffer, playShot, stepOnto, viewMatch } from "../../src/pipeline/index.ts";
import { APEX_BALL } from "../../src/table/rack.ts";
import { startedMatch } from "../kit/started-match.ts";

/** The opening shot from the house, at a varied angle and pace (the call is empty: clause 16 judges it). */
function openingShot(angle: number, speed: number) {
  const start = startedMatch({ opening: "draw", seed: 5 });
  const view = viewMatch(start);
  const step = playShot(start, view.toMove!, {
    shotNumber: view.shotNumber,
    stroke: { cue: APEX_BALL, angle, speed, offset: { x: 0, y: 0 } },
    call: [],
    place: { x: -1.2, y: 0.1 },
  });
  if (!step.ok) throw new Error(step.error.message);
  return { start, step: step.value };
}

describe("a step is judged once, on the action as the record keeps it", () => {
  it("its action is its JSON read back, whatever the shot", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 0.5, max: 6, noNaN: true }),
        (angle, speed) => {
          const { step } = openingShot(angle, speed);
          expect(JSON.stringify(step.action)).toBe(step.json);
          expect(step.action).toEqual(JSON.parse(step.json));
        },
      ),
      { numRuns: 12 },
    );
  });

  it("on the match it was judged on, the table takes the judged transition as it is", () => {
    const { start, step } = openingShot(0, 3);
    expect(step.from).toBe(start);
    expect(stepOnto(start, step)).toBe(step);
  });

  it("on a match that moved on, the stored action is applied again, or refused", () => {
    const { step } = openingShot(180, 0.3);
    const offeree = viewMatch(step.state).toMove!;
    const taken = answerOffer(step.state, offeree, { shotNumber: viewMatch(step.state).shotNumber, accept: true });
    if (!taken.ok) throw new Error(taken.error.message);
    // The same answer judged on another object of the same match: applied again, to the same state.
    const again = stepOnto(structuredClone(step.state), taken.value);
    expect(again).not.toBe(taken.value);
    expect(again?.state).toEqual(taken.value.state);
    // The shot itself, once the match has moved past it, is refused: nothing is applied twice.
    expect(stepOnto(taken.value.state, step)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import type { MatchState } from "../../src/match/index.ts";
import { answerOffer, playShot, viewMatch } from "../../src/pipeline/index.ts";
import { APEX_BALL } from "../../src/table/rack.ts";
import { startedMatch } from "../kit/started-match.ts";

/** A match in which the opener missed on the opening shot: the opponent has the foul offer (clause 16). */
function afterOpeningMiss(): { match: MatchState; offeree: 0 | 1 } {
  const start = startedMatch({ opening: "draw", seed: 3 });
  const opener = viewMatch(start).toMove!;
  const missed = playShot(start, opener, {
    shotNumber: viewMatch(start).shotNumber,
    // From the house towards the head cushion, softly: the cue ball touches no ball (a miss, clause 17).
    stroke: { cue: APEX_BALL, angle: 180, speed: 0.3, offset: { x: 0, y: 0 } },
    call: [],
    place: { x: -1.2, y: 0.3 },
  });
  if (!missed.ok) throw new Error(missed.error.message);
  return { match: missed.value.state, offeree: opener === 0 ? 1 : 0 };
}

describe("answerOffer – taking or passing an offer (clauses 9, 16)", () => {
  it("clause 16: after a foul the opponent is offered the choice", () => {
    const { match, offeree } = afterOpeningMiss();
    expect(viewMatch(match)).toMatchObject({ phase: "play", offer: "foul", toMove: offeree });
  });

  it("taking the offer shows it taken to everyone at once, and the player then shoots", () => {
    const { match, offeree } = afterOpeningMiss();
    const shotNumber = viewMatch(match).shotNumber;
    const taken = answerOffer(match, offeree, { shotNumber, accept: true });
    expect(taken.ok).toBe(true);
    if (!taken.ok) return;
    expect(viewMatch(taken.value.state)).toMatchObject({ offer: "", toMove: offeree, shotNumber });
    expect(taken.value.played).toBeUndefined();
    const cue = viewMatch(taken.value.state).table.find((b) => b.id !== 0)!.id;
    const shot = playShot(taken.value.state, offeree, {
      shotNumber,
      stroke: { cue, angle: 0, speed: 2, offset: { x: 0, y: 0 } },
      call: [],
    });
    expect(shot.ok).toBe(true);
  });

  it("a taken offer can no longer be passed; the wrong seat cannot answer", () => {
    const { match, offeree } = afterOpeningMiss();
    const shotNumber = viewMatch(match).shotNumber;
    const other = offeree === 0 ? 1 : 0;
    const wrong = answerOffer(match, other, { shotNumber, accept: true });
    expect(!wrong.ok && wrong.error.code).toBe("not-your-turn");
    const taken = answerOffer(match, offeree, { shotNumber, accept: true });
    if (!taken.ok) throw new Error(taken.error.message);
    const pass = answerOffer(taken.value.state, offeree, { shotNumber, accept: false });
    expect(!pass.ok && pass.error.code).toBe("offer-taken");
  });

  it("clause 16: passing makes the offender continue", () => {
    const { match, offeree } = afterOpeningMiss();
    const passed = answerOffer(match, offeree, { shotNumber: viewMatch(match).shotNumber, accept: false });
    expect(passed.ok).toBe(true);
    if (!passed.ok) return;
    expect(viewMatch(passed.value.state)).toMatchObject({ offer: "", toMove: offeree === 0 ? 1 : 0 });
  });
});

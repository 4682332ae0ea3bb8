import { fitTable, pathsOfTrace, toScreen } from "@habibka/painter";
import { decodeTrace } from "@habibka/shared";
import { type MatchShot, matchShots } from "@habibka/shared/match";
import { readGoldenRecord } from "@habibka/shared/testing/golden-records";
import { createCanvas } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { shotDescription } from "../src/http/match-pages.ts";
import {
  leadSentence,
  PICTURE_HEIGHT,
  PICTURE_WIDTH,
  paintShotPicture,
  pictureCaption,
} from "../src/http/shot-picture.ts";

/**
 * A shot's picture and its words, from the golden format-1 record: a foul's caption and link description say
 * the foul, and the picture shows the balls' paths, saying so in its caption.
 */

const shots = (() => {
  const result = matchShots(readGoldenRecord("format-1-match.json").record);
  if (!result.ok) throw new Error("the golden record does not fold");
  return result.value;
})();
const players = ["Анна", "Борис"] as const;
const shotNumber = (n: number): MatchShot => shots.find((s) => s.played.number === n)!;

describe("a foul's words", () => {
  // Shot 2 is the break, a foul for want of a safety: its first sentence tells of the break, not the foul.
  const brokenBreak = shotNumber(2);

  it("the link's description names the foul, not the break", () => {
    const description = shotDescription(brokenBreak, players);
    expect(description).toMatch(/^Штраф — Борис: /);
    expect(description).not.toMatch(/^Разбой/);
  });

  it("the picture's caption names it in either language", () => {
    expect(pictureCaption({ shot: brokenBreak, players, language: "ru" }).verdict).toMatch(
      /^Штраф — Борис: .+\(п\. 3\)/,
    );
    expect(pictureCaption({ shot: brokenBreak, players, language: "en" }).verdict).toMatch(/Борис/);
    expect(leadSentence(brokenBreak, players, "en")).not.toBe(leadSentence(brokenBreak, players, "ru"));
  });

  it("a clean shot keeps its first sentence", () => {
    const clean = shots.find((s) => s.played.kind === "shot" && !(s.played.verdict as { foul: boolean }).foul)!;
    expect(shotDescription(clean, players)).not.toMatch(/^Штраф/);
  });
});

describe("the picture of a played shot", () => {
  it("says what it shows", () => {
    expect(pictureCaption({ shot: shotNumber(2), players, language: "ru" }).legend).toMatch(/до удара.*пути/);
    expect(pictureCaption({ shot: shotNumber(2), players, language: "en" }).legend).toMatch(/before the stroke.*paths/);
  });

  it("draws the cue ball's path from where it stood to where it stopped", () => {
    const shot = shotNumber(6);
    const canvas = createCanvas(PICTURE_WIDTH, PICTURE_HEIGHT);
    const ctx = canvas.getContext("2d");
    paintShotPicture(ctx, { shot, players, language: "ru" });
    const cue = (shot.played.request as { stroke: { cue: number } }).stroke.cue;
    const path = pathsOfTrace(decodeTrace(shot.played.trace)).find((p) => p.id === cue)!;
    expect(path.points.length).toBeGreaterThan(3);
    // The picture's table, as paintShotPicture fits it.
    const viewport = fitTable(PICTURE_WIDTH - 24, PICTURE_HEIGHT - 146 - 16);
    const left = (PICTURE_WIDTH - viewport.width) / 2;
    const samples = path.points.slice(Math.floor(path.points.length * 0.2), Math.ceil(path.points.length * 0.8));
    const bright = samples.filter((p) => {
      const { px, py } = toScreen(viewport, p.x, p.y);
      const [r, g, b] = ctx.getImageData(Math.round(left + px), Math.round(8 + py), 1, 1).data;
      // The cloth is a dark green; the path is drawn near white.
      return r! > 150 && g! > 150 && b! > 150;
    });
    expect(bright.length / samples.length).toBeGreaterThan(0.6);
  });
});

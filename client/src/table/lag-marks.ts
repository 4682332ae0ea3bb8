import {
  type Box,
  type Circle,
  drawPill,
  pillFont,
  pillSize,
  placeLabels,
  toScreen,
  type Viewport,
} from "@habibka/painter";
import { BALL_RADIUS, HALF_LENGTH } from "@habibka/shared/table";
import {
  fill,
  metresText,
  readLagVerdict,
  type SeatNames,
  seatName,
  type VerdictLanguage,
  verdictWords,
} from "@habibka/shared/verdict-words";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { ShotBroadcast } from "../net/messages.ts";

/**
 * What decided the lag, drawn by each ball once both stopped (I21): a line to the head cushion and the
 * distance, in the verdict catalogue's words («Анна — 0,85 м»), so the table says what the verdict says.
 */

export interface LagMark {
  readonly ball: number;
  readonly text: string;
}

/** How long the lag's balls stay at rest with their marks before the table moves on to the opening. */
export const LAG_MARKS_HOLD_MS = 3_500;

/**
 * The marks for a lag's two balls: the verdict's distances when it carries them, else measured from where
 * the balls stopped (`rest`, the playback's last frame). The lag's `before` lists player 0's ball first.
 */
export function lagMarks(
  message: Pick<ShotBroadcast, "kind" | "before" | "verdict">,
  rest: readonly { readonly id: number; readonly x: number }[],
  names: SeatNames,
  language: VerdictLanguage,
): LagMark[] {
  if (message.kind !== "lag") return [];
  const told = readLagVerdict(message.verdict)?.distances;
  const w = verdictWords(language).lag;
  return message.before.slice(0, 2).flatMap((ball, seat) => {
    const resting = rest.find((b) => b.id === ball.id);
    const distance = told ? told[seat] : resting ? resting.x + HALF_LENGTH : null;
    if (distance === null || distance === undefined || !resting) return [];
    const text = fill(w.distance, { name: seatName(names, seat, language), distance: metresText(distance, language) });
    return [{ ball: ball.id, text }];
  });
}

/** The marks to draw by the balls where a shot's playback left them (`rest`): a lag's distances. */
export type RestMarks = (rest: readonly { readonly id: number; readonly x: number }[]) => readonly LagMark[];

/** The lag's marks for this shot in the page's language, or null for a shot that is not a lag. */
export function useLagMarks(
  message: Pick<ShotBroadcast, "kind" | "before" | "verdict"> | null,
  names: SeatNames,
): RestMarks | null {
  const { i18n } = useTranslation();
  const language = i18n.language === "en" ? "en" : "ru";
  return useMemo(
    () => (message?.kind === "lag" ? (rest) => lagMarks(message, rest, names, language) : null),
    [message, names, language],
  );
}

const LINE = "rgba(255,230,120,0.95)";

/** A mark as it is drawn: its line from the ball to the head cushion, and its pill's box, in pixels. */
export interface LaidLagMark {
  readonly mark: LagMark;
  readonly from: { readonly px: number; readonly py: number };
  readonly to: { readonly px: number; readonly py: number };
  readonly box: Box;
}

/** The font size of the marks' words, growing with the table from 11 to 15 px. */
export const lagMarkSize = (viewport: Viewport) => Math.max(11, Math.min(15, viewport.scale / 30));

/**
 * Where each mark goes: its pill beside its ball, placed by the painter's label placement clear of both
 * balls, of both lines and of the other mark, inside the picture. `measure` gives a text's pill size.
 */
export function layLagMarks(
  viewport: Viewport,
  marks: readonly LagMark[],
  balls: readonly { readonly id: number; readonly x: number; readonly y: number }[],
  measure: (text: string) => { readonly width: number; readonly height: number },
): LaidLagMark[] {
  const shown = marks.flatMap((mark) => {
    const ball = balls.find((b) => b.id === mark.ball);
    if (!ball) return [];
    return [{ mark, from: toScreen(viewport, ball.x, ball.y), to: toScreen(viewport, -HALF_LENGTH, ball.y) }];
  });
  const radius = BALL_RADIUS * viewport.scale;
  const obstacles: Circle[] = [
    ...balls.map((b) => ({ ...xy(toScreen(viewport, b.x, b.y)), r: radius })),
    ...shown.flatMap(({ from, to }) => pointsAlong(from, to, 4).map((p) => ({ ...p, r: 1 }))),
  ];
  const requests = shown.map(({ mark, from }) => ({ ...xy(from), ...measure(mark.text) }));
  return placeLabels(requests, obstacles, viewport).map((spot, i) => ({
    ...shown[i]!,
    // With no free spot anywhere (never on a table this size), on its ball rather than not at all.
    box: spot?.box ?? { ...xy(shown[i]!.from), width: requests[i]!.width, height: requests[i]!.height },
  }));
}

/** Draws each mark: a dashed line from the ball to the head cushion, and the distance in a pill beside it. */
export function drawLagMarks(
  ctx: CanvasRenderingContext2D,
  viewport: Viewport,
  marks: readonly LagMark[],
  balls: readonly { readonly id: number; readonly x: number; readonly y: number }[],
): void {
  const size = lagMarkSize(viewport);
  const laid = layLagMarks(viewport, marks, balls, (text) => pillSize(ctx, text, size));
  ctx.save();
  ctx.strokeStyle = LINE;
  ctx.lineWidth = 2;
  ctx.setLineDash([6, 4]);
  for (const { from, to } of laid) {
    ctx.beginPath();
    ctx.moveTo(from.px, from.py);
    ctx.lineTo(to.px, to.py);
    ctx.stroke();
  }
  ctx.setLineDash([]);
  const style = {
    font: pillFont(size),
    fill: "rgba(12,16,14,0.86)",
    outline: LINE,
    outlineWidth: 1.25,
    ink: "#ffe678",
  };
  for (const { mark, box } of laid) drawPill(ctx, box, mark.text, style, viewport);
  ctx.restore();
}

function xy(p: { readonly px: number; readonly py: number }): { x: number; y: number } {
  return { x: p.px, y: p.py };
}

/** Points every `step` pixels along a line, its ends included. */
function pointsAlong(
  from: { readonly px: number; readonly py: number },
  to: { readonly px: number; readonly py: number },
  step: number,
): { x: number; y: number }[] {
  const count = Math.max(1, Math.ceil(Math.hypot(to.px - from.px, to.py - from.py) / step));
  return Array.from({ length: count + 1 }, (_, k) => ({
    x: from.px + ((to.px - from.px) * k) / count,
    y: from.py + ((to.py - from.py) * k) / count,
  }));
}

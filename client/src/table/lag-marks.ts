import { toScreen, type Viewport } from "@habibka/painter";
import { HALF_LENGTH } from "@habibka/shared/table";
import {
  fill,
  metresText,
  readLagVerdict,
  type SeatNames,
  seatName,
  type VerdictLanguage,
  verdictWords,
} from "@habibka/shared/verdict-words";
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

/** Draws each mark: a dashed line from the ball to the head cushion, and the distance beside the ball. */
export function drawLagMarks(
  ctx: CanvasRenderingContext2D,
  viewport: Viewport,
  marks: readonly LagMark[],
  balls: readonly { readonly id: number; readonly x: number; readonly y: number }[],
): void {
  const size = Math.max(11, Math.min(15, viewport.scale / 30));
  ctx.save();
  ctx.font = `700 ${size.toFixed(1)}px system-ui, "DejaVu Sans", sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (const mark of marks) {
    const ball = balls.find((b) => b.id === mark.ball);
    if (!ball) continue;
    const from = toScreen(viewport, ball.x, ball.y);
    const to = toScreen(viewport, -HALF_LENGTH, ball.y);
    ctx.strokeStyle = "rgba(255,230,120,0.95)";
    ctx.lineWidth = 2;
    ctx.setLineDash([6, 4]);
    ctx.beginPath();
    ctx.moveTo(from.px, from.py);
    ctx.lineTo(to.px, to.py);
    ctx.stroke();
    ctx.setLineDash([]);
    const width = ctx.measureText(mark.text).width + size;
    const height = size * 1.6;
    // Clear of the ball and of its line to the head cushion, each label on its ball's side of the long axis,
    // so the two never meet: on a wide table beyond the ball from the axis; on a turned one (the head at the
    // bottom) above the ball, reaching away from the axis. Kept inside the picture.
    const side = ball.y > 0 ? 1 : -1;
    const gap = 14;
    const left = viewport.rotated ? (side > 0 ? from.px + 8 - width : from.px - 8) : from.px - width / 2;
    const top = viewport.rotated ? from.py - gap - height : from.py - side * (height / 2 + gap) - height / 2;
    const x = Math.min(Math.max(left, 2), viewport.width - width - 2);
    const y = Math.min(Math.max(top, 2), viewport.height - height - 2);
    ctx.fillStyle = "rgba(12,16,14,0.86)";
    ctx.beginPath();
    ctx.roundRect(x, y, width, height, height / 2);
    ctx.fill();
    ctx.strokeStyle = "rgba(255,230,120,0.95)";
    ctx.lineWidth = 1.25;
    ctx.stroke();
    ctx.fillStyle = "#ffe678";
    ctx.fillText(mark.text, x + width / 2, y + height / 2 + 0.5);
  }
  ctx.restore();
}

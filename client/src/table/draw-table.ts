import {
  BALL_RADIUS,
  CENTRE_LINE_X,
  COLOURED_BALL,
  HALF_LENGTH,
  HALF_WIDTH,
  HOUSE_LINE_X,
  MARKS,
  POCKETS,
} from "@habibka/shared/table";
import type { BallView } from "../net/table-snapshot.ts";
import { FRAME_WIDTH, toScreen, type Viewport } from "./viewport.ts";

const COLOURS = {
  rail: "#5b3417",
  cushion: "#14633a",
  cloth: "#1d7a47",
  line: "rgba(255,255,255,0.55)",
  pocket: "#0b0b0b",
  ivory: "#f4efe1",
  coloured: "#d9461f",
  number: "#1b1b1b",
} as const;

/** Depth of the cushion rubber drawn behind the nose line. */
const CUSHION_DEPTH = 0.045;

/**
 * Draws the table to scale in table coordinates: the canvas transform maps metres to pixels once, so every
 * shape below is written in the geometry of `@habibka/shared/table` and cannot drift from the physics.
 */
export function drawTable(ctx: CanvasRenderingContext2D, viewport: Viewport, balls: readonly BallView[]): void {
  ctx.save();
  const origin = toScreen(viewport, 0, 0);
  ctx.translate(origin.px, origin.py);
  if (viewport.rotated) ctx.rotate(-Math.PI / 2);
  ctx.scale(viewport.scale, -viewport.scale);

  ctx.fillStyle = COLOURS.rail;
  roundedRect(
    ctx,
    -HALF_LENGTH - FRAME_WIDTH,
    -HALF_WIDTH - FRAME_WIDTH,
    2 * (HALF_LENGTH + FRAME_WIDTH),
    2 * (HALF_WIDTH + FRAME_WIDTH),
    0.05,
  );
  ctx.fill();

  // The cushion band all round, then the cloth inside the noses; pockets are cut through both.
  ctx.fillStyle = COLOURS.cushion;
  ctx.fillRect(
    -HALF_LENGTH - CUSHION_DEPTH,
    -HALF_WIDTH - CUSHION_DEPTH,
    2 * (HALF_LENGTH + CUSHION_DEPTH),
    2 * (HALF_WIDTH + CUSHION_DEPTH),
  );
  ctx.fillStyle = COLOURS.cloth;
  ctx.fillRect(-HALF_LENGTH, -HALF_WIDTH, 2 * HALF_LENGTH, 2 * HALF_WIDTH);

  drawPockets(ctx);
  drawLines(ctx);
  for (const ball of balls) if (ball.onTable) drawBall(ctx, ball);
  ctx.restore();
  // Numbers are text: drawn in screen pixels so that they stay sharp and upright at any scale or rotation.
  for (const ball of balls) if (ball.onTable && ball.id !== COLOURED_BALL) drawNumber(ctx, viewport, ball);
}

function drawPockets(ctx: CanvasRenderingContext2D): void {
  for (const pocket of Object.values(POCKETS)) {
    // The opening between the jaw noses, running back along the pocket's axis into the hole.
    const depth = 0.07;
    const [a, b] = pocket.mouth;
    const { x: ax, y: ay } = pocket.axis;
    ctx.fillStyle = COLOURS.pocket;
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
    ctx.lineTo(b.x + ax * depth, b.y + ay * depth);
    ctx.lineTo(a.x + ax * depth, a.y + ay * depth);
    ctx.closePath();
    ctx.fill();
    ctx.beginPath();
    ctx.arc(
      pocket.mouthCentre.x + ax * depth,
      pocket.mouthCentre.y + ay * depth,
      pocket.mouthWidth * 0.62,
      0,
      2 * Math.PI,
    );
    ctx.fill();
    ctx.fillStyle = COLOURS.cushion;
    for (const jaw of pocket.jaws) {
      ctx.beginPath();
      ctx.arc(jaw.centre.x, jaw.centre.y, jaw.radius, 0, 2 * Math.PI);
      ctx.fill();
    }
  }
}

function drawLines(ctx: CanvasRenderingContext2D): void {
  ctx.strokeStyle = COLOURS.line;
  ctx.lineWidth = 0.004;
  ctx.beginPath();
  ctx.moveTo(HOUSE_LINE_X, -HALF_WIDTH);
  ctx.lineTo(HOUSE_LINE_X, HALF_WIDTH);
  ctx.stroke();
  ctx.setLineDash([0.03, 0.03]);
  ctx.beginPath();
  ctx.moveTo(CENTRE_LINE_X, -HALF_WIDTH);
  ctx.lineTo(CENTRE_LINE_X, HALF_WIDTH);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = COLOURS.line;
  for (const mark of MARKS) {
    ctx.beginPath();
    ctx.arc(mark.x, mark.y, 0.008, 0, 2 * Math.PI);
    ctx.fill();
  }
}

function drawBall(ctx: CanvasRenderingContext2D, ball: BallView): void {
  ctx.fillStyle = ball.id === COLOURED_BALL ? COLOURS.coloured : COLOURS.ivory;
  ctx.beginPath();
  ctx.arc(ball.x, ball.y, BALL_RADIUS, 0, 2 * Math.PI);
  ctx.fill();
  ctx.strokeStyle = "rgba(0,0,0,0.35)";
  ctx.lineWidth = 0.0015;
  ctx.stroke();
}

function drawNumber(ctx: CanvasRenderingContext2D, viewport: Viewport, ball: BallView): void {
  const { px, py } = toScreen(viewport, ball.x, ball.y);
  const size = BALL_RADIUS * viewport.scale * 1.05;
  if (size < 6) return;
  ctx.fillStyle = COLOURS.number;
  ctx.font = `600 ${size.toFixed(1)}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(String(ball.id), px, py + size * 0.05);
}

function roundedRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

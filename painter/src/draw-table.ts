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
import type { TableContext } from "./canvas-context.ts";
import { FRAME_WIDTH, toScreen, type Viewport } from "./viewport.ts";

export const COLOURS = {
  rail: "#5b3417",
  railEdge: "#3f220d",
  cushion: "#14633a",
  cloth: "#1d7a47",
  house: "rgba(255,255,255,0.05)",
  line: "rgba(255,255,255,0.55)",
  pocket: "#0b0b0b",
  ivory: "#f4efe1",
  coloured: "#d9461f",
  number: "#1b1b1b",
} as const;

/** Depth of the cushion rubber drawn behind the nose line. */
const CUSHION_DEPTH = 0.045;

export interface BallToDraw {
  readonly id: number;
  readonly x: number;
  readonly y: number;
  /** 0 on the cloth, rising to 1 as the ball sinks into a pocket's hole. */
  readonly sink?: number;
}

/** Applies the metres → pixels transform of the viewport; callers draw in table coordinates inside it. */
export function withTableTransform(ctx: TableContext, viewport: Viewport, draw: () => void): void {
  ctx.save();
  const origin = toScreen(viewport, 0, 0);
  ctx.translate(origin.px, origin.py);
  if (viewport.rotated) ctx.rotate(-Math.PI / 2);
  ctx.scale(viewport.scale, -viewport.scale);
  draw();
  ctx.restore();
}

/**
 * The table without balls, to scale in table coordinates: the canvas transform maps metres to pixels once,
 * so every shape is written in the geometry of `@habibka/shared/table` and cannot drift from the physics.
 * Drawn once per size to an offscreen canvas; frames only copy it and add the balls.
 */
export function drawStaticTable(ctx: TableContext, viewport: Viewport): void {
  withTableTransform(ctx, viewport, () => {
    ctx.fillStyle = COLOURS.rail;
    ctx.beginPath();
    ctx.roundRect(
      -HALF_LENGTH - FRAME_WIDTH,
      -HALF_WIDTH - FRAME_WIDTH,
      2 * (HALF_LENGTH + FRAME_WIDTH),
      2 * (HALF_WIDTH + FRAME_WIDTH),
      FRAME_WIDTH * 0.4,
    );
    ctx.fill();
    ctx.strokeStyle = COLOURS.railEdge;
    ctx.lineWidth = 0.01;
    ctx.stroke();
    // Everything else inside the rail's outline: the pockets' holes, deeper than the rail is wide, are cut
    // through it rather than drawn beyond it.
    ctx.save();
    ctx.clip();

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
    // The house [дом], faintly lit so that players see where the ball in hand may go (I3).
    ctx.fillStyle = COLOURS.house;
    ctx.fillRect(-HALF_LENGTH, -HALF_WIDTH, HOUSE_LINE_X + HALF_LENGTH, 2 * HALF_WIDTH);

    drawPockets(ctx);
    drawLines(ctx);
    drawSights(ctx);
    ctx.restore();
  });
}

function drawPockets(ctx: TableContext): void {
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

function drawLines(ctx: TableContext): void {
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

/** Diamonds on the rails every eighth of the length and quarter of the width, as on a real table. */
function drawSights(ctx: TableContext): void {
  ctx.fillStyle = "rgba(240,230,200,0.75)";
  // In the middle of the wood behind the cushion.
  const rail = (CUSHION_DEPTH + FRAME_WIDTH) / 2;
  const dot = (x: number, y: number) => {
    ctx.beginPath();
    ctx.arc(x, y, 0.005, 0, 2 * Math.PI);
    ctx.fill();
  };
  for (let i = 1; i < 8; i++) {
    if (i === 4) continue;
    const x = -HALF_LENGTH + (i * HALF_LENGTH) / 4;
    dot(x, HALF_WIDTH + rail);
    dot(x, -HALF_WIDTH - rail);
  }
  for (let i = 1; i < 4; i++) {
    const y = -HALF_WIDTH + (i * HALF_WIDTH) / 2;
    dot(-HALF_LENGTH - rail, y);
    dot(HALF_LENGTH + rail, y);
  }
}

/** The balls: shaded discs in table coordinates, then the numbers as upright screen text. */
export function drawBalls(ctx: TableContext, viewport: Viewport, balls: readonly BallToDraw[]): void {
  withTableTransform(ctx, viewport, () => {
    for (const ball of balls) drawBall(ctx, ball);
  });
  // Ids outside 1–15 (the lag ball, whose id the server chooses) are drawn plain; a sinking ball's number
  // goes with it.
  for (const ball of balls) if (ball.id >= 1 && ball.id <= 15 && !ball.sink) drawNumber(ctx, viewport, ball);
}

function drawBall(ctx: TableContext, ball: BallToDraw): void {
  const sink = ball.sink ?? 0;
  // Sinking into the hole: smaller and darker, as it drops below the bed.
  const r = BALL_RADIUS * (1 - 0.45 * sink);
  ctx.globalAlpha = 1 - 0.6 * sink;
  if (sink === 0) {
    // Shadow first, offset down-right as if lit from above the head.
    ctx.fillStyle = "rgba(0,0,0,0.28)";
    ctx.beginPath();
    ctx.arc(ball.x + 0.004, ball.y - 0.004, r, 0, 2 * Math.PI);
    ctx.fill();
  }
  ctx.fillStyle = ball.id === COLOURED_BALL ? COLOURS.coloured : COLOURS.ivory;
  ctx.beginPath();
  ctx.arc(ball.x, ball.y, r, 0, 2 * Math.PI);
  ctx.fill();
  ctx.strokeStyle = "rgba(0,0,0,0.4)";
  ctx.lineWidth = 0.0015;
  ctx.stroke();
  // A small highlight, as from the lamp above the table; the y axis points up in table coordinates.
  ctx.fillStyle = "rgba(255,255,255,0.55)";
  ctx.beginPath();
  ctx.arc(ball.x - r * 0.35, ball.y + r * 0.35, r * 0.22, 0, 2 * Math.PI);
  ctx.fill();
  ctx.globalAlpha = 1;
}

function drawNumber(ctx: TableContext, viewport: Viewport, ball: BallToDraw): void {
  const { px, py } = toScreen(viewport, ball.x, ball.y);
  // As large as the ball allows: two digits fill it, so the number reads at a glance on a laptop.
  const size = BALL_RADIUS * viewport.scale * 1.3;
  if (size < 5) return;
  ctx.fillStyle = COLOURS.number;
  ctx.font = `700 ${size.toFixed(1)}px system-ui, "Arial Narrow", sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(String(ball.id), px, py + size * 0.06, BALL_RADIUS * viewport.scale * 1.8);
}

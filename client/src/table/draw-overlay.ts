import type { Viewport } from "@habibka/painter";
import { polyline, withTableTransform } from "@habibka/painter";
import { BALL_RADIUS, HALF_LENGTH, HALF_WIDTH, HOUSE_LINE_X, POCKETS, type Point } from "@habibka/shared/table";
import type { CallMark, GuideLines } from "../game/guide-overlay.ts";

/** What is drawn over the balls: the aim guide, the call, the house while placing. */
export interface Overlay {
  /** The guide of the player's own stroke or of the striker's relayed one. */
  readonly guide: (GuideLines & { readonly own: boolean }) | null;
  /** The chosen cue ball, ringed. */
  readonly cue: Point | null;
  readonly calls: readonly CallMark[];
  /** A ball picked for the call that waits for its pocket. */
  readonly pending: Point | null;
  /** Lit while the ball in hand is being placed; `side` limits it to one half for the lag. */
  readonly house: { readonly side?: 1 | -1 } | null;
  /** Pockets drawn as targets (a ball waits for its pocket). */
  readonly pocketTargets: boolean;
  /** Table points shown magnified while the player fine-aims. */
  readonly loupes: readonly Point[];
}

export const EMPTY_OVERLAY: Overlay = {
  guide: null,
  cue: null,
  calls: [],
  pending: null,
  house: null,
  pocketTargets: false,
  loupes: [],
};

const GUIDE = "rgba(255,255,255,0.92)";
const GUIDE_THEIRS = "rgba(255,214,102,0.92)";
const OBJECT_LINE = "rgba(255,130,100,0.95)";
const CUE_AFTER = "rgba(127,212,255,0.8)";
const CALL = "#ffd23f";
const CALL_LIT = "#5dff8a";

export function drawOverlay(ctx: CanvasRenderingContext2D, viewport: Viewport, overlay: Overlay): void {
  const px = 1 / Math.max(viewport.scale, 1e-6);
  withTableTransform(ctx, viewport, () => {
    if (overlay.house) {
      const { side } = overlay.house;
      ctx.fillStyle = "rgba(120,200,255,0.16)";
      const y0 = side === 1 ? 0 : -HALF_WIDTH;
      const h = side === undefined ? 2 * HALF_WIDTH : HALF_WIDTH;
      ctx.fillRect(-HALF_LENGTH, y0, HOUSE_LINE_X + HALF_LENGTH, h);
      ctx.strokeStyle = "rgba(120,200,255,0.8)";
      ctx.lineWidth = 2 * px;
      ctx.strokeRect(-HALF_LENGTH, y0, HOUSE_LINE_X + HALF_LENGTH, h);
    }
    if (overlay.pocketTargets) {
      ctx.strokeStyle = CALL;
      ctx.lineWidth = 2 * px;
      for (const pocket of Object.values(POCKETS)) {
        ctx.beginPath();
        ctx.arc(pocket.mouthCentre.x, pocket.mouthCentre.y, Math.max(pocket.mouthWidth * 0.8, 14 * px), 0, 2 * Math.PI);
        ctx.stroke();
      }
    }
    for (const call of overlay.calls) {
      const pocket = POCKETS[call.pocket];
      ctx.fillStyle = call.lit ? "rgba(93,255,138,0.55)" : "rgba(255,210,63,0.45)";
      ctx.beginPath();
      ctx.arc(pocket.mouthCentre.x, pocket.mouthCentre.y, Math.max(pocket.mouthWidth * 0.7, 9 * px), 0, 2 * Math.PI);
      ctx.fill();
      if (call.ball) ring(ctx, call.ball, call.lit ? CALL_LIT : CALL, 3 * px);
      if (call.route) polyline(ctx, call.route, call.lit ? CALL_LIT : CALL, 2 * px, [7 * px, 4 * px]);
    }
    if (overlay.pending) ring(ctx, overlay.pending, CALL, 2 * px, [4 * px, 3 * px]);
    if (overlay.cue) ring(ctx, overlay.cue, "#7fd4ff", 2.5 * px);
    if (overlay.guide) drawGuide(ctx, overlay.guide, px);
  });
}

function ring(ctx: CanvasRenderingContext2D, at: Point, colour: string, width: number, dash: number[] = []): void {
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.arc(at.x, at.y, BALL_RADIUS + width * 1.5, 0, 2 * Math.PI);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** A polyline without its first `length` metres: the aim line starts at the cue ball's edge, not over its number. */
function fromEdge(points: readonly Point[], length: number): readonly Point[] {
  const [a, b] = points;
  if (!a || !b) return points;
  const d = Math.hypot(b.x - a.x, b.y - a.y);
  if (d <= length) return points.slice(1);
  const f = length / d;
  return [{ x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f }, ...points.slice(1)];
}

/** The aim line to the first contact, the ghost ball there, and where each ball goes after it. */
function drawGuide(ctx: CanvasRenderingContext2D, guide: GuideLines & { readonly own: boolean }, px: number): void {
  const colour = guide.own ? GUIDE : GUIDE_THEIRS;
  polyline(ctx, fromEdge(guide.aim, BALL_RADIUS), colour, 1.25 * px);
  if (guide.ghost) {
    ctx.strokeStyle = colour;
    ctx.lineWidth = 1.25 * px;
    ctx.setLineDash([4 * px, 3 * px]);
    ctx.beginPath();
    ctx.arc(guide.ghost.x, guide.ghost.y, BALL_RADIUS, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  polyline(ctx, guide.rebound, colour, 1.25 * px, [3 * px, 5 * px]);
  polyline(ctx, guide.object, OBJECT_LINE, 2 * px);
  polyline(ctx, guide.cueAfter, CUE_AFTER, 1.25 * px, [5 * px, 4 * px]);
}

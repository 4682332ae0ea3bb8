import type { Viewport } from "@habibka/painter";
import { drawPill, pillFont, pillSize, polyline, toScreen, withTableTransform } from "@habibka/painter";
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
/** A guide that runs into the coloured ball: the shot would be a foul. */
const FOUL = "#ff4d4d";

/** The words the overlay writes on the table, in the player's language; a loupe writes none. */
export interface OverlayWords {
  readonly foulColoured: string;
}

export function drawOverlay(
  ctx: CanvasRenderingContext2D,
  viewport: Viewport,
  overlay: Overlay,
  words?: OverlayWords,
): void {
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
  // The word is written upright on the screen, whichever way the table is turned.
  const guide = overlay.guide;
  if (guide?.foul === "coloured" && guide.ghost && words)
    foulTag(ctx, viewport, guide, guide.ghost, words.foulColoured);
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
  const colour = guide.foul ? FOUL : guide.own ? GUIDE : GUIDE_THEIRS;
  const width = (guide.foul ? 2 : 1.25) * px;
  polyline(ctx, fromEdge(guide.aim, BALL_RADIUS), colour, width);
  // The rebounds continue the aim line: the same ball on the same stroke, so the ghost ball is joined to it.
  polyline(ctx, guide.rebound, colour, width);
  if (guide.ghost) {
    ctx.strokeStyle = colour;
    ctx.lineWidth = 1.25 * px;
    ctx.setLineDash([4 * px, 3 * px]);
    ctx.beginPath();
    ctx.arc(guide.ghost.x, guide.ghost.y, BALL_RADIUS, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  // The coloured ball itself ringed in red: the object line starts at its centre.
  const struck = guide.object[0];
  if (guide.foul && struck) ring(ctx, struck, FOUL, 2.5 * px);
  // After a foul contact the coloured ball's own line is dashed, so that it does not read as the red path going on.
  polyline(ctx, guide.object, OBJECT_LINE, 2 * px, guide.foul ? [6 * px, 4 * px] : []);
  polyline(ctx, guide.cueAfter, CUE_AFTER, 1.25 * px, [5 * px, 4 * px]);
}

/** The screen directions in which lines leave the ghost ball: back along the path, and each ball's line on. */
function linesAt(viewport: Viewport, guide: GuideLines, at: Point): { x: number; y: number }[] {
  const from = toScreen(viewport, at.x, at.y);
  const next = [guide.rebound.at(-2) ?? guide.aim.at(-2), guide.object[1], guide.cueAfter[1]];
  return next.flatMap((p) => {
    if (!p) return [];
    const to = toScreen(viewport, p.x, p.y);
    const d = Math.hypot(to.px - from.px, to.py - from.py);
    return d > 0 ? [{ x: (to.px - from.px) / d, y: (to.py - from.py) / d }] : [];
  });
}

/**
 * A short word in a pill beside the ghost ball, kept inside the canvas: in whichever diagonal corner round
 * the ghost ball the lines leaving it stay farthest from, so that it hides none of them.
 */
function foulTag(ctx: CanvasRenderingContext2D, viewport: Viewport, guide: GuideLines, at: Point, text: string): void {
  const { px, py } = toScreen(viewport, at.x, at.y);
  const size = Math.max(12, Math.min(15, 12 * (viewport.scale / 400)));
  const { width, height } = pillSize(ctx, text, size);
  const gap = BALL_RADIUS * viewport.scale + 4;
  const lines = linesAt(viewport, guide, at);
  const corners = [
    { x: 1, y: -1 },
    { x: 1, y: 1 },
    { x: -1, y: -1 },
    { x: -1, y: 1 },
  ];
  const crowding = (c: { x: number; y: number }) => Math.max(-2, ...lines.map((l) => c.x * l.x + c.y * l.y));
  const corner = corners.reduce((best, c) => (crowding(c) < crowding(best) ? c : best));
  const x = corner.x > 0 ? px + gap : px - gap - width;
  const y = corner.y > 0 ? py + gap / 2 : py - gap / 2 - height;
  const style = { font: pillFont(size), fill: "rgba(40,6,6,0.88)", outline: FOUL, outlineWidth: 1.5, ink: "#ffd9d9" };
  drawPill(ctx, { x, y, width, height }, text, style, viewport);
}

import { BALL_RADIUS, CENTRE_LINE_X, POCKETS, type Point } from "@habibka/shared/table";
import { clauseName } from "@habibka/shared/verdict-words";
import { polyline, type TableContext } from "./canvas-context.ts";
import { withTableTransform } from "./draw-table.ts";
import type { DrawingItem } from "./drawing-items.ts";
import { drawLabels, type LaidLabel, layOutLabels, type VerdictLabel } from "./verdict-labels.ts";
import type { Viewport } from "./viewport.ts";

/**
 * Paints a verdict's drawing (verdict-drawing.ts) over the balls: marks in table coordinates, so they sit
 * exactly where the events happened at any size, and small tags in screen pixels that name the clause. The
 * same painter serves the live table, the match page and the server's shot pictures.
 */

export interface VerdictPaintOptions {
  readonly language: "ru" | "en";
  /** The tag beside an item; by default its clause, with the safety rule's letter in the reader's alphabet. */
  readonly tag?: (item: DrawingItem) => string | null;
  /** The balls as drawn under the verdict (table coordinates): its numbers and tags keep off them. */
  readonly balls?: readonly Point[];
}

const MARK = "rgba(255,255,255,0.9)";
const PROOF = "#ffd23f";
const FOUL = "#ff6b5e";
const GOOD = "#5dff8a";
const SPOT = "#7fd4ff";

function colourOf(item: DrawingItem): string {
  if (item.proof) return PROOF;
  switch (item.kind) {
    case "miss":
    case "off-table":
      return FOUL;
    case "coloured-touched":
      return item.clause === "10" ? FOUL : MARK;
    case "called-path":
      return item.outcome === "as-called" ? GOOD : item.outcome === "missed" ? FOUL : "#ffb347";
    case "spotted":
      return SPOT;
    default:
      return MARK;
  }
}

/** Which items carry a tag by default: the ones a player asks "why?" about, not every cushion. */
function defaultTag(item: DrawingItem, language: "ru" | "en"): string | null {
  const clause = clauseName(item.clause, language);
  switch (item.kind) {
    case "cushion":
    case "centre-line":
    case "drop":
    case "contact":
      return item.proof ? clause : null;
    default:
      return clause;
  }
}

/** Where an item's tag goes, in table coordinates. */
function anchorOf(item: DrawingItem): Point | null {
  switch (item.kind) {
    case "called-path":
      return POCKETS[item.pocket].mouthCentre;
    case "spotted":
      return item.to ?? item.from;
    case "safety-chain":
      return item.points.at(-1) ?? null;
    default:
      return item.at;
  }
}

export function drawVerdict(
  ctx: TableContext,
  viewport: Viewport,
  items: readonly DrawingItem[],
  options: VerdictPaintOptions,
): LaidLabel[] {
  const px = 1 / Math.max(viewport.scale, 1e-6);
  withTableTransform(ctx, viewport, () => {
    // The chain first, wide and soft, so the marks it links stay readable on top of it.
    for (const item of items) if (item.kind === "safety-chain") chain(ctx, item.points, px);
    for (const item of items) mark(ctx, item, px);
  });
  const laid = layOutLabels(ctx, viewport, verdictLabels(items, options), options.balls ?? []);
  drawLabels(ctx, laid);
  return laid;
}

/**
 * The drawing's words: a cushion's order in a square (so that the balls' runs can be followed one contact
 * after another, and a numbered contact is never taken for a numbered ball), and the clause tags.
 */
export function verdictLabels(items: readonly DrawingItem[], options: VerdictPaintOptions): VerdictLabel[] {
  const tagOf = options.tag ?? ((item: DrawingItem) => defaultTag(item, options.language));
  const labels: VerdictLabel[] = [];
  for (const item of items) {
    if (item.kind === "cushion") {
      labels.push({ kind: "number", at: item.at, text: String(item.order), colour: colourOf(item), proof: item.proof });
    }
  }
  for (const item of items) {
    const text = tagOf(item);
    const at = anchorOf(item);
    if (text && at) labels.push({ kind: "tag", at, text, colour: colourOf(item), proof: item.proof });
  }
  return labels;
}

function chain(ctx: TableContext, points: readonly Point[], px: number): void {
  if (points.length < 2) return;
  ctx.strokeStyle = "rgba(255,210,63,0.45)";
  ctx.lineWidth = 7 * px;
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.moveTo(points[0]!.x, points[0]!.y);
  for (const p of points.slice(1)) ctx.lineTo(p.x, p.y);
  ctx.stroke();
}

function ring(ctx: TableContext, at: Point, radius: number, colour: string, width: number, dash: number[] = []): void {
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.arc(at.x, at.y, radius, 0, 2 * Math.PI);
  ctx.stroke();
  ctx.setLineDash([]);
}

function dot(ctx: TableContext, at: Point, radius: number, colour: string): void {
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.arc(at.x, at.y, radius, 0, 2 * Math.PI);
  ctx.fill();
}

function mark(ctx: TableContext, item: DrawingItem, px: number): void {
  const colour = colourOf(item);
  const width = (item.proof ? 3 : 2) * px;
  switch (item.kind) {
    case "first-contact":
      ring(ctx, item.at, BALL_RADIUS * 0.9, colour, width);
      dot(ctx, item.at, 3 * px, colour);
      return;
    case "contact":
      ring(ctx, item.at, BALL_RADIUS * 0.7, colour, width);
      return;
    case "miss":
      ring(ctx, item.at, BALL_RADIUS * 1.6, colour, width, [5 * px, 4 * px]);
      return;
    case "cushion":
      // Only the point of contact: its numbered square is a label, placed clear of the others.
      dot(ctx, item.at, 2.5 * px, colour);
      return;
    case "centre-line": {
      // A diamond on the centre line where the ball's centre crossed it.
      const s = Math.max(6 * px, BALL_RADIUS * 0.5);
      ctx.fillStyle = colour;
      ctx.beginPath();
      ctx.moveTo(CENTRE_LINE_X, item.at.y + s);
      ctx.lineTo(CENTRE_LINE_X + s, item.at.y);
      ctx.lineTo(CENTRE_LINE_X, item.at.y - s);
      ctx.lineTo(CENTRE_LINE_X - s, item.at.y);
      ctx.closePath();
      ctx.fill();
      return;
    }
    case "called-path": {
      const pocket = POCKETS[item.pocket];
      polyline(
        ctx,
        item.points,
        colour,
        2.5 * px,
        item.way === "bank" ? [8 * px, 4 * px, 2 * px, 4 * px] : [8 * px, 5 * px],
      );
      ring(ctx, pocket.mouthCentre, Math.max(pocket.mouthWidth * 0.6, 10 * px), colour, 2.5 * px);
      return;
    }
    case "drop":
      ring(ctx, item.at, BALL_RADIUS * 1.2, colour, width);
      return;
    case "coloured-touched":
      ring(ctx, item.at, BALL_RADIUS * 1.5, colour, 2.5 * px);
      return;
    case "in-mouth":
      ring(ctx, item.at, BALL_RADIUS * 1.4, colour, width, [4 * px, 3 * px]);
      return;
    case "off-table": {
      const s = BALL_RADIUS;
      polyline(
        ctx,
        [
          { x: item.at.x - s, y: item.at.y - s },
          { x: item.at.x + s, y: item.at.y + s },
        ],
        colour,
        3 * px,
      );
      polyline(
        ctx,
        [
          { x: item.at.x - s, y: item.at.y + s },
          { x: item.at.x + s, y: item.at.y - s },
        ],
        colour,
        3 * px,
      );
      return;
    }
    case "spotted":
      if (item.from && item.to) arrow(ctx, item.from, item.to, colour, px);
      if (item.to) ring(ctx, item.to, BALL_RADIUS * 1.3, colour, 2 * px);
      return;
    case "safety-chain":
      return;
  }
}

function arrow(ctx: TableContext, from: Point, to: Point, colour: string, px: number): void {
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  if (length < 1e-6) return;
  const ux = (to.x - from.x) / length;
  const uy = (to.y - from.y) / length;
  // Stop at the ball's edge, so the head points at the ball rather than hiding it.
  const tip = { x: to.x - ux * BALL_RADIUS * 1.4, y: to.y - uy * BALL_RADIUS * 1.4 };
  polyline(ctx, [from, tip], colour, 2 * px, [6 * px, 4 * px]);
  const head = 10 * px;
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.moveTo(tip.x, tip.y);
  ctx.lineTo(tip.x - ux * head - uy * head * 0.5, tip.y - uy * head + ux * head * 0.5);
  ctx.lineTo(tip.x - ux * head + uy * head * 0.5, tip.y - uy * head - ux * head * 0.5);
  ctx.closePath();
  ctx.fill();
}

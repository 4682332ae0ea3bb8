import { BALL_RADIUS, type Point } from "@habibka/shared/table";
import type { TableContext } from "./canvas-context.ts";
import { type Box, type Circle, type LabelRequest, leaderEnd, placeLabels } from "./label-placement.ts";
import { drawPill, pillFont } from "./pill.ts";
import { toScreen, type Viewport } from "./viewport.ts";

/**
 * The verdict's words and numbers in screen pixels: a cushion contact's number in its square and the tags
 * that name a clause, placed by label-placement.ts so that none hides another or a ball.
 */

export interface VerdictLabel {
  readonly kind: "number" | "tag";
  /** The point it names, in table coordinates. */
  readonly at: Point;
  readonly text: string;
  readonly colour: string;
  /** A square drawn in the highlight colour (part of the safety chain) with dark text. */
  readonly proof: boolean;
}

export interface LaidLabel {
  readonly label: VerdictLabel;
  readonly anchor: { readonly x: number; readonly y: number };
  readonly box: Box;
  readonly leader: boolean;
  readonly font: string;
}

function fontOf(label: VerdictLabel, viewport: Viewport): { size: number; font: string } {
  const size =
    label.kind === "number"
      ? Math.max(8, Math.min(13, BALL_RADIUS * viewport.scale * 0.7))
      : Math.max(10, Math.min(14, 11 * (viewport.scale / 400)));
  return { size, font: pillFont(size) };
}

/** Measures each label, then places them: the numbers first (they want their own point), then the tags. */
export function layOutLabels(
  ctx: TableContext,
  viewport: Viewport,
  labels: readonly VerdictLabel[],
  balls: readonly Point[],
): LaidLabel[] {
  const ordered = [...labels.filter((l) => l.kind === "number"), ...labels.filter((l) => l.kind === "tag")];
  const measured = ordered.map((label) => {
    const { size, font } = fontOf(label, viewport);
    ctx.font = font;
    const textWidth = ctx.measureText(label.text).width;
    const { px, py } = toScreen(viewport, label.at.x, label.at.y);
    const side = Math.max(14, BALL_RADIUS * viewport.scale);
    const request: LabelRequest =
      label.kind === "number"
        ? { x: px, y: py, width: Math.max(side, textWidth + 6), height: side, centred: true }
        : { x: px, y: py, width: textWidth + size * 0.8, height: size * 1.5 };
    return { label, font, request };
  });
  const circles: Circle[] = balls.map((b) => {
    const { px, py } = toScreen(viewport, b.x, b.y);
    return { x: px, y: py, r: BALL_RADIUS * viewport.scale };
  });
  const placed = placeLabels(
    measured.map((m) => m.request),
    circles,
    viewport,
  );
  return measured.flatMap((m, i) => {
    const spot = placed[i];
    if (!spot) return [];
    return [
      { label: m.label, anchor: { x: m.request.x, y: m.request.y }, box: spot.box, leader: spot.leader, font: m.font },
    ];
  });
}

export function drawLabels(ctx: TableContext, laid: readonly LaidLabel[]): void {
  // Leaders under every box, so a line never crosses a label's words.
  for (const l of laid) {
    if (!l.leader) continue;
    const end = leaderEnd(l.box, l.anchor.x, l.anchor.y);
    ctx.strokeStyle = l.label.colour;
    ctx.globalAlpha = 0.85;
    ctx.lineWidth = 1;
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.moveTo(l.anchor.x, l.anchor.y);
    ctx.lineTo(end.x, end.y);
    ctx.stroke();
    ctx.globalAlpha = 1;
    ctx.fillStyle = l.label.colour;
    ctx.beginPath();
    ctx.arc(l.anchor.x, l.anchor.y, 2, 0, 2 * Math.PI);
    ctx.fill();
  }
  for (const l of laid) {
    const number = l.label.kind === "number";
    drawPill(ctx, l.box, l.label.text, {
      font: l.font,
      fill: number ? (l.label.proof ? "#ffd23f" : "rgba(20,20,20,0.85)") : "rgba(12,16,14,0.82)",
      outline: l.label.colour,
      outlineWidth: number ? 1.5 : 1.25,
      ink: number ? (l.label.proof ? "#1b1b1b" : "#ffffff") : l.label.colour,
      round: number ? 0.3 : 0.5,
    });
  }
}

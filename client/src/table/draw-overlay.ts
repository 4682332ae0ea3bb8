import { BALL_RADIUS, HALF_LENGTH, HALF_WIDTH, HOUSE_LINE_X, POCKETS, type PocketId } from "@habibka/shared/table";
import type { Contact, Vec } from "../game/aim-geometry.ts";
import { withTableTransform } from "./draw-table.ts";
import type { Viewport } from "./viewport.ts";

/** What is drawn over the balls: the aim guide, the call, the house while placing. */
export interface Overlay {
  /** The cue ball's centre and the guide from it (the player's own aim or the striker's relayed one). */
  readonly aim: { readonly from: Vec; readonly contact: Contact; readonly own: boolean } | null;
  /** The chosen cue ball, ringed. */
  readonly cue: Vec | null;
  readonly calls: readonly { readonly ball: Vec | null; readonly pocket: PocketId }[];
  /** A ball picked for the call that waits for its pocket. */
  readonly pending: Vec | null;
  /** Lit while the ball in hand is being placed; `side` limits it to one half for the lag. */
  readonly house: { readonly side?: 1 | -1 } | null;
  /** Pockets drawn as targets (call mode). */
  readonly pocketTargets: boolean;
}

export const EMPTY_OVERLAY: Overlay = {
  aim: null,
  cue: null,
  calls: [],
  pending: null,
  house: null,
  pocketTargets: false,
};

const GUIDE = "rgba(255,255,255,0.9)";
const GUIDE_THEIRS = "rgba(255,214,102,0.9)";
const CALL = "#ffd23f";

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
        ctx.arc(pocket.mouthCentre.x, pocket.mouthCentre.y, pocket.mouthWidth * 0.8, 0, 2 * Math.PI);
        ctx.stroke();
      }
    }
    for (const call of overlay.calls) {
      const pocket = POCKETS[call.pocket];
      ctx.fillStyle = "rgba(255,210,63,0.45)";
      ctx.beginPath();
      ctx.arc(pocket.mouthCentre.x, pocket.mouthCentre.y, pocket.mouthWidth * 0.7, 0, 2 * Math.PI);
      ctx.fill();
      if (call.ball) {
        ring(ctx, call.ball, CALL, 3 * px);
        ctx.strokeStyle = "rgba(255,210,63,0.5)";
        ctx.setLineDash([6 * px, 6 * px]);
        ctx.lineWidth = 1.5 * px;
        ctx.beginPath();
        ctx.moveTo(call.ball.x, call.ball.y);
        ctx.lineTo(pocket.mouthCentre.x, pocket.mouthCentre.y);
        ctx.stroke();
        ctx.setLineDash([]);
      }
    }
    if (overlay.pending) ring(ctx, overlay.pending, CALL, 2 * px, [4 * px, 3 * px]);
    if (overlay.cue) ring(ctx, overlay.cue, "#7fd4ff", 2.5 * px);
    if (overlay.aim) drawGuide(ctx, overlay.aim.from, overlay.aim.contact, overlay.aim.own ? GUIDE : GUIDE_THEIRS, px);
  });
}

function ring(ctx: CanvasRenderingContext2D, at: Vec, colour: string, width: number, dash: number[] = []): void {
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.arc(at.x, at.y, BALL_RADIUS + width * 1.5, 0, 2 * Math.PI);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** The aim line to the first contact, the ghost ball there, and where each ball goes after it. */
function drawGuide(ctx: CanvasRenderingContext2D, from: Vec, contact: Contact, colour: string, px: number): void {
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1.25 * px;
  ctx.beginPath();
  ctx.moveTo(from.x, from.y);
  ctx.lineTo(contact.ghost.x, contact.ghost.y);
  ctx.stroke();
  ctx.setLineDash([4 * px, 3 * px]);
  ctx.beginPath();
  ctx.arc(contact.ghost.x, contact.ghost.y, BALL_RADIUS, 0, 2 * Math.PI);
  ctx.stroke();
  ctx.setLineDash([]);
  if (contact.kind === "cushion") {
    if (!contact.bounce) return;
    ctx.setLineDash([3 * px, 5 * px]);
    ctx.beginPath();
    ctx.moveTo(contact.ghost.x, contact.ghost.y);
    ctx.lineTo(contact.ghost.x + contact.bounce.x * 0.5, contact.ghost.y + contact.bounce.y * 0.5);
    ctx.stroke();
    ctx.setLineDash([]);
    return;
  }
  const object = {
    x: contact.ghost.x + contact.objectDirection.x * 2 * BALL_RADIUS,
    y: contact.ghost.y + contact.objectDirection.y * 2 * BALL_RADIUS,
  };
  ctx.strokeStyle = "rgba(255,120,90,0.95)";
  ctx.lineWidth = 2 * px;
  ctx.beginPath();
  ctx.moveTo(object.x, object.y);
  ctx.lineTo(object.x + contact.objectDirection.x * 0.6, object.y + contact.objectDirection.y * 0.6);
  ctx.stroke();
  if (contact.cueDirection) {
    ctx.strokeStyle = "rgba(127,212,255,0.7)";
    ctx.lineWidth = 1.25 * px;
    ctx.setLineDash([5 * px, 4 * px]);
    ctx.beginPath();
    ctx.moveTo(contact.ghost.x, contact.ghost.y);
    ctx.lineTo(contact.ghost.x + contact.cueDirection.x * 0.3, contact.ghost.y + contact.cueDirection.y * 0.3);
    ctx.stroke();
    ctx.setLineDash([]);
  }
}

import { BALL_RADIUS, type BallPosition, HALF_LENGTH, HALF_WIDTH, POCKETS, type Point } from "@habibka/shared/table";
import { polyline, type TableContext } from "./canvas-context.ts";
import { withTableTransform } from "./draw-table.ts";
import { drawLabels, layOutLabels, type VerdictLabel } from "./verdict-labels.ts";
import type { Viewport } from "./viewport.ts";

/**
 * A stroke drawn as a ghost over the table at the stroke, to set beside another: the cue ball's straight run
 * to the ball it would meet first (its ghost ball ringed) or to a cushion, the struck ball's line on from the
 * contact along the line of centres (into its pocket when it is called), the called pockets ringed, and a tag
 * (its chance). Geometry only, no
 * simulation: it shows the stroke's intent, as a player draws it, not what the physics made of it. The match
 * page's analysis draws the computer's best stroke beside the one played; the server's pictures could too.
 */

export interface GhostStroke {
  readonly kind: "played" | "best";
  /** The cue ball's run, from its place to where it meets a ball or a cushion. */
  readonly cue: readonly Point[];
  /** The cue ball's centre at the contact (the ghost ball), when it meets a ball. */
  readonly contact: Point | null;
  /**
   * The struck ball's run from its place along the line of centres: to its called pocket (by the cushion
   * it meets first, for a bank), or, not called, to a cushion.
   */
  readonly object: readonly Point[];
  /** The mouths of the called pockets. */
  readonly pockets: readonly Point[];
  readonly label: string;
}

export interface GhostInput {
  readonly table: readonly BallPosition[];
  readonly stroke: { readonly cue: number; readonly angle: number };
  readonly call: readonly {
    readonly ball: number;
    readonly pocket: keyof typeof POCKETS;
    readonly way?: "direct" | "bank";
  }[];
  readonly kind: GhostStroke["kind"];
  readonly label: string;
}

const R = BALL_RADIUS;
const COLOURS: Readonly<Record<GhostStroke["kind"], string>> = {
  best: "#5dff8a",
  played: "rgba(255,214,102,0.95)",
};

/** Where a ray from `from` along the unit vector `u` leaves the area a ball's centre can reach. */
function toCushion(from: Point, u: Point): Point {
  const limits = [HALF_LENGTH - R, HALF_WIDTH - R];
  let t = Number.POSITIVE_INFINITY;
  for (const [axis, limit] of [
    ["x", limits[0]!],
    ["y", limits[1]!],
  ] as const) {
    const v = u[axis];
    if (Math.abs(v) > 1e-12) t = Math.min(t, ((v > 0 ? limit : -limit) - from[axis]) / v);
  }
  const run = Math.max(0, Number.isFinite(t) ? t : 0);
  return { x: from.x + u.x * run, y: from.y + u.y * run };
}

/** The ghost of a stroke on a table; null when its cue ball is not on the table. */
export function ghostStroke({ table, stroke, call, kind, label }: GhostInput): GhostStroke | null {
  const cue = table.find((b) => b.id === stroke.cue);
  if (!cue) return null;
  const angle = (stroke.angle * Math.PI) / 180;
  const u = { x: Math.cos(angle), y: Math.sin(angle) };
  // The first ball whose centre comes within 2R of the cue ball's line, ahead of it.
  let first: { ball: BallPosition; t: number } | null = null;
  for (const ball of table) {
    if (ball.id === cue.id) continue;
    const w = { x: ball.x - cue.x, y: ball.y - cue.y };
    const along = w.x * u.x + w.y * u.y;
    const across = w.x * w.x + w.y * w.y - along * along;
    if (along <= 0 || across > 4 * R * R) continue;
    const t = along - Math.sqrt(4 * R * R - across);
    if (!first || t < first.t) first = { ball, t };
  }
  const pockets = call.map((c) => POCKETS[c.pocket].mouthCentre);
  if (!first) return { kind, cue: [cue, toCushion(cue, u)], contact: null, object: [], pockets, label };
  const contact = { x: cue.x + u.x * first.t, y: cue.y + u.y * first.t };
  const { ball } = first;
  const length = Math.hypot(ball.x - contact.x, ball.y - contact.y) || 1;
  const v = { x: (ball.x - contact.x) / length, y: (ball.y - contact.y) / length };
  const called = call.find((c) => c.ball === ball.id);
  const rail = toCushion(ball, v);
  const object = !called
    ? [ball, rail]
    : called.way === "bank"
      ? [ball, rail, POCKETS[called.pocket].mouthCentre]
      : [ball, POCKETS[called.pocket].mouthCentre];
  return { kind, cue: [cue, contact], contact, object, pockets, label };
}

/** Paints ghosts over the balls, the played one first, each tag placed clear of the balls and the other tags. */
export function drawGhostStrokes(
  ctx: TableContext,
  viewport: Viewport,
  ghosts: readonly GhostStroke[],
  balls: readonly Point[],
): void {
  const px = 1 / Math.max(viewport.scale, 1e-6);
  const ordered = [...ghosts].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "played" ? -1 : 1));
  withTableTransform(ctx, viewport, () => {
    for (const ghost of ordered) {
      const colour = COLOURS[ghost.kind];
      const dash = ghost.kind === "best" ? [8 * px, 5 * px] : [];
      polyline(ctx, ghost.cue, colour, 2.5 * px, dash);
      polyline(ctx, ghost.object, colour, 1.5 * px, [3 * px, 4 * px]);
      ctx.strokeStyle = colour;
      ctx.lineWidth = 2 * px;
      ctx.setLineDash(dash);
      if (ghost.contact) {
        ctx.beginPath();
        ctx.arc(ghost.contact.x, ghost.contact.y, R, 0, 2 * Math.PI);
        ctx.stroke();
      }
      for (const mouth of ghost.pockets) {
        ctx.beginPath();
        ctx.arc(mouth.x, mouth.y, 1.6 * R, 0, 2 * Math.PI);
        ctx.stroke();
      }
      ctx.setLineDash([]);
    }
  });
  const labels: VerdictLabel[] = ordered.map((ghost) => {
    const [from, to] = [ghost.cue[0]!, ghost.cue.at(-1)!];
    return {
      kind: "tag",
      at: { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 },
      text: ghost.label,
      colour: COLOURS[ghost.kind],
      proof: false,
    };
  });
  drawLabels(ctx, layOutLabels(ctx, viewport, labels, balls));
}

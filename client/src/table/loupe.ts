import type { Viewport } from "@habibka/painter";
import type { Point } from "@habibka/shared/table";

/**
 * Magnifiers for fine aiming at the Russian table's tight pockets: a round inset that shows a small part of
 * the table (around the ghost ball, around the called pocket) several times larger, in a corner of the table
 * away from what it shows, so the finger and the inset never hide the spot being aimed at.
 */
export interface Loupe {
  /** The table point shown at the inset's centre. */
  readonly focus: Point;
  /** The inset's centre on the canvas, pixels. */
  readonly centreX: number;
  readonly centreY: number;
  readonly radius: number;
  readonly zoom: number;
}

const LOUPE_ZOOM = 5;

/** The viewport that draws the table inside a loupe: the same orientation, `zoom` times the scale. */
export function loupeViewport(base: Viewport, loupe: Loupe): Viewport {
  const scale = base.scale * loupe.zoom;
  const { x, y } = loupe.focus;
  const [originX, originY] = base.rotated
    ? [loupe.centreX + y * scale, loupe.centreY + x * scale]
    : [loupe.centreX - x * scale, loupe.centreY + y * scale];
  return { ...base, scale, originX, originY };
}

/** The loupes' radius for a canvas: a fifth of its short side, within 44–110 px. */
export function loupeRadius(viewport: Viewport): number {
  return Math.max(44, Math.min(110, Math.min(viewport.width, viewport.height) / 5));
}

/**
 * Places one loupe per focus in the canvas' corners: each takes the free corner farthest from where its
 * focus is drawn (so it never covers it), in the order given.
 */
export function placeLoupes(
  base: Viewport,
  foci: readonly { x: number; y: number; px: number; py: number }[],
): Loupe[] {
  const radius = loupeRadius(base);
  const margin = radius + 6;
  const corners = [
    { x: margin, y: margin },
    { x: base.width - margin, y: margin },
    { x: margin, y: base.height - margin },
    { x: base.width - margin, y: base.height - margin },
  ];
  const used = new Set<number>();
  return foci.map((focus) => {
    let best = -1;
    let far = -1;
    corners.forEach((c, i) => {
      const d = Math.hypot(c.x - focus.px, c.y - focus.py);
      if (!used.has(i) && d > far) {
        far = d;
        best = i;
      }
    });
    used.add(best);
    const corner = corners[best]!;
    return { focus: { x: focus.x, y: focus.y }, centreX: corner.x, centreY: corner.y, radius, zoom: LOUPE_ZOOM };
  });
}

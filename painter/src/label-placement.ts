/**
 * Where a verdict's labels go on the screen, so that none covers another or a ball. At a pocket a shot's
 * cushion contacts, drop, call and tags all gather within a ball's width; drawn at their anchors they pile
 * up into an unreadable knot. Each label tries spots around its anchor, nearest first, and takes the first
 * that overlaps no label placed before it and no ball; failing those it goes further out with a leader line
 * back to its anchor, and a label with nowhere free is left out rather than drawn over another.
 *
 * Pure screen geometry (pixels), so it is tested without a canvas.
 */

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface Circle {
  readonly x: number;
  readonly y: number;
  readonly r: number;
}

export interface LabelRequest {
  /** The point the label names, in pixels. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** It may sit on its anchor itself (a cushion's number in its square); otherwise it goes beside it. */
  readonly centred?: boolean;
}

export interface PlacedLabel {
  readonly box: Box;
  /** Set when the label stands away from its anchor: a line is drawn from the anchor to the box. */
  readonly leader: boolean;
}

/** Pixels between a label and what it must not touch, and between a label and its anchor. */
const GAP = 2;
const BESIDE = 8;

export function boxesOverlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export function boxCoversCircle(box: Box, circle: Circle): boolean {
  const nx = Math.min(Math.max(circle.x, box.x), box.x + box.width);
  const ny = Math.min(Math.max(circle.y, box.y), box.y + box.height);
  return Math.hypot(circle.x - nx, circle.y - ny) < circle.r;
}

function grown(box: Box, by: number): Box {
  return { x: box.x - by, y: box.y - by, width: box.width + 2 * by, height: box.height + 2 * by };
}

/** The spots beside the anchor, up-right first (where a tag was always drawn), then round the clock. */
function besideSpots(r: LabelRequest): { x: number; y: number }[] {
  const { x, y, width: w, height: h } = r;
  return [
    { x: x + BESIDE, y: y - BESIDE - h },
    { x: x - BESIDE - w, y: y - BESIDE - h },
    { x: x + BESIDE, y: y + BESIDE },
    { x: x - BESIDE - w, y: y + BESIDE },
    { x: x + BESIDE, y: y - h / 2 },
    { x: x - BESIDE - w, y: y - h / 2 },
    { x: x - w / 2, y: y - BESIDE - h },
    { x: x - w / 2, y: y + BESIDE },
  ];
}

/** Spots on widening rings round the anchor, then a sweep of the whole picture: these need a leader. */
function* farSpots(r: LabelRequest, bounds: { width: number; height: number }): Generator<{ x: number; y: number }> {
  const step = Math.max(r.height, 8);
  const reach = Math.hypot(bounds.width, bounds.height);
  for (let ring = 2; ring * step < Math.min(reach, 12 * step); ring++) {
    const distance = ring * step;
    const count = 8 + 4 * ring;
    for (let k = 0; k < count; k++) {
      const angle = -Math.PI / 4 + (2 * Math.PI * k) / count;
      yield { x: r.x + distance * Math.cos(angle) - r.width / 2, y: r.y - distance * Math.sin(angle) - r.height / 2 };
    }
  }
  const gridStep = Math.max(4, r.height / 2);
  for (let y = 0; y + r.height <= bounds.height; y += gridStep) {
    for (let x = 0; x + r.width <= bounds.width; x += gridStep) yield { x, y };
  }
}

/**
 * Places the labels in order (earlier ones keep the better spots) inside the bounds, clear of each other and
 * of the balls; null for a label with no free spot anywhere.
 */
export function placeLabels(
  requests: readonly LabelRequest[],
  balls: readonly Circle[],
  bounds: { readonly width: number; readonly height: number },
): (PlacedLabel | null)[] {
  const placed: Box[] = [];
  const inside = (b: Box) => b.x >= 0 && b.y >= 0 && b.x + b.width <= bounds.width && b.y + b.height <= bounds.height;
  const free = (b: Box) => {
    if (!inside(b)) return false;
    const padded = grown(b, GAP);
    return placed.every((p) => !boxesOverlap(padded, p)) && balls.every((c) => !boxCoversCircle(padded, c));
  };
  return requests.map((r) => {
    const boxAt = (p: { x: number; y: number }): Box => ({ x: p.x, y: p.y, width: r.width, height: r.height });
    // Near spots pushed inside the picture still count as beside the anchor (a tag at the picture's edge).
    const clamp = (p: { x: number; y: number }) => ({
      x: Math.min(Math.max(p.x, 0), bounds.width - r.width),
      y: Math.min(Math.max(p.y, 0), bounds.height - r.height),
    });
    const near = [...(r.centred ? [{ x: r.x - r.width / 2, y: r.y - r.height / 2 }] : []), ...besideSpots(r)];
    for (const [index, spot] of near.entries()) {
      const box = boxAt(clamp(spot));
      if (free(box)) {
        placed.push(box);
        // A centred label moved beside its anchor needs the line to show which point it numbers.
        return { box, leader: !!r.centred && index > 0 };
      }
    }
    for (const spot of farSpots(r, bounds)) {
      const box = boxAt(spot);
      if (free(box)) {
        placed.push(box);
        return { box, leader: true };
      }
    }
    return null;
  });
}

/** The point of the box nearest the anchor, where a leader line ends. */
export function leaderEnd(box: Box, x: number, y: number): { x: number; y: number } {
  return { x: Math.min(Math.max(x, box.x), box.x + box.width), y: Math.min(Math.max(y, box.y), box.y + box.height) };
}

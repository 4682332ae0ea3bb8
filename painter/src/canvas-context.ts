/**
 * The part of a 2D canvas context the table's painters use. The browser's CanvasRenderingContext2D has it,
 * and so has the server's Skia canvas (@napi-rs/canvas), which draws the shared shot pictures with the very
 * same painters: written structurally, so this module needs neither the DOM's types nor the server's.
 */
export interface TableContext {
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  globalAlpha: number;
  font: string;
  textAlign: "center" | "end" | "left" | "right" | "start";
  textBaseline: "alphabetic" | "bottom" | "hanging" | "ideographic" | "middle" | "top";
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  rotate(angle: number): void;
  scale(x: number, y: number): void;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  beginPath(): void;
  closePath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, radius: number, start: number, end: number, counterclockwise?: boolean): void;
  roundRect(x: number, y: number, width: number, height: number, radii?: number): void;
  fill(): void;
  stroke(): void;
  clip(): void;
  fillRect(x: number, y: number, width: number, height: number): void;
  strokeRect(x: number, y: number, width: number, height: number): void;
  fillText(text: string, x: number, y: number, maxWidth?: number): void;
  setLineDash(segments: number[]): void;
  measureText(text: string): { readonly width: number };
}

/** A line through the points in table coordinates, solid or dashed; the dash is reset after it. */
export function polyline(
  ctx: TableContext,
  points: readonly { readonly x: number; readonly y: number }[],
  colour: string,
  width: number,
  dash: number[] = [],
): void {
  if (points.length < 2) return;
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(points[0]!.x, points[0]!.y);
  for (const p of points.slice(1)) ctx.lineTo(p.x, p.y);
  ctx.stroke();
  ctx.setLineDash([]);
}

// The painters draw through the structural TableContext, never the DOM, so the browser and the server's
// shot pictures paint the same table and the same verdict.
export { polyline, type TableContext } from "./canvas-context.ts";
export {
  type BallToDraw,
  COLOURS,
  drawBalls,
  drawStaticTable,
  withTableTransform,
} from "./draw-table.ts";
export { drawVerdict, type VerdictPaintOptions, verdictLabels } from "./draw-verdict.ts";
export type { DrawingItem, DrawingKind, DrawnVerdict, VerdictDrawing, VerdictDrawingInput } from "./drawing-items.ts";
export { type Box, type Circle, type LabelRequest, type PlacedLabel, placeLabels } from "./label-placement.ts";
export { drawPill, type PillStyle, pillFont, pillSize } from "./pill.ts";
export { drawingOfShot, isDrawnVerdict, type ShotToDraw } from "./shot-drawing.ts";
export { type BallPath, drawBallPaths, pathsOfTrace, type TracedBall } from "./shot-paths.ts";
export { drawGhostStrokes, type GhostInput, type GhostStroke, ghostStroke } from "./stroke-ghost.ts";
export { itemsBy, verdictDrawing } from "./verdict-drawing.ts";
export type { LaidLabel, VerdictLabel } from "./verdict-labels.ts";
export { FRAME_WIDTH, fitTable, toScreen, toTable, type Viewport } from "./viewport.ts";

import type { TableContext } from "@habibka/painter";
import { drawBalls, drawingOfShot, drawStaticTable, drawVerdict, fitTable } from "@habibka/painter";
import type { MatchShot } from "@habibka/shared/match";
import { captionHeading, verdictSentences } from "@habibka/shared/verdict-words";
import { createCanvas } from "@napi-rs/canvas";

/**
 * The picture of one shot that a shared link unfurls with (Open Graph's image): the table at the stroke with
 * the verdict's drawing over it, painted by the same table and verdict painters as the client's canvas
 * (@habibka/painter) on Skia (@napi-rs/canvas), and a caption with who played it, the score after it and the
 * verdict's first sentence, in the words of the shared verdict catalogue, so the caption reads as the table
 * and the match page do.
 * Drawing takes a few milliseconds on the event loop; the PNG is encoded on libuv's thread pool.
 */

export const PICTURE_WIDTH = 1200;
export const PICTURE_HEIGHT = 630;
const CAPTION = 92;
const FONT = '"DejaVu Sans", "Liberation Sans", sans-serif';

export type PictureLanguage = "ru" | "en";

export interface PictureInput {
  readonly shot: MatchShot;
  readonly players: readonly [string | null, string | null];
  readonly language: PictureLanguage;
}

export interface PictureCaption {
  /** The shot's number and who played it (or that it was the lag). */
  readonly head: string;
  readonly score: string;
  /** The verdict's first sentence. */
  readonly verdict: string;
}

/** The caption's three lines, before they are fitted to the picture's width. */
export function pictureCaption(input: PictureInput): PictureCaption {
  const { shot, players, language } = input;
  const { played } = shot;
  return {
    head: captionHeading(played, players, language),
    score: `${players[0] ?? "—"} ${shot.score[0]} : ${shot.score[1]} ${players[1] ?? "—"}`,
    verdict: verdictSentences(played, players, language)[0] ?? "",
  };
}

/** Cuts a line to the width, with an ellipsis. */
function fitted(ctx: TableContext, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** Paints the picture onto any table context of PICTURE_WIDTH × PICTURE_HEIGHT. */
export function paintShotPicture(ctx: TableContext, input: PictureInput): void {
  const { shot, language } = input;
  const { played } = shot;
  ctx.fillStyle = "#17261d";
  ctx.fillRect(0, 0, PICTURE_WIDTH, PICTURE_HEIGHT);
  const viewport = fitTable(PICTURE_WIDTH - 24, PICTURE_HEIGHT - CAPTION - 16);
  ctx.save();
  ctx.translate((PICTURE_WIDTH - viewport.width) / 2, 8);
  drawStaticTable(ctx, viewport);
  drawBalls(ctx, viewport, played.before);
  const drawing = drawingOfShot(played, { before: played.before, rest: shot.rest, after: shot.after });
  if (drawing) drawVerdict(ctx, viewport, drawing.items, { language });
  ctx.restore();

  const caption = pictureCaption(input);
  const top = PICTURE_HEIGHT - CAPTION;
  ctx.fillStyle = "#0d1510";
  ctx.fillRect(0, top, PICTURE_WIDTH, CAPTION);
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  ctx.fillStyle = "#ffd23f";
  ctx.font = `700 30px ${FONT}`;
  ctx.fillText(fitted(ctx, caption.head, 560), 24, top + 38);
  ctx.textAlign = "right";
  ctx.fillStyle = "#f4efe1";
  ctx.fillText(fitted(ctx, caption.score, 560), PICTURE_WIDTH - 24, top + 38);
  ctx.textAlign = "left";
  ctx.font = `400 24px ${FONT}`;
  ctx.fillStyle = "#e6e6e6";
  ctx.fillText(fitted(ctx, caption.verdict, PICTURE_WIDTH - 48), 24, top + 76);
}

export interface RenderedPicture {
  readonly png: Buffer;
  /** Milliseconds the painting held the event loop. */
  readonly paintMs: number;
  /** Milliseconds the PNG encoding took on the thread pool (the event loop was free meanwhile). */
  readonly encodeMs: number;
}

/** The shot's picture as PNG bytes, with how long each half took. */
export async function renderShotPicture(input: PictureInput): Promise<RenderedPicture> {
  const canvas = createCanvas(PICTURE_WIDTH, PICTURE_HEIGHT);
  const started = performance.now();
  paintShotPicture(canvas.getContext("2d"), input);
  const painted = performance.now();
  const png = await canvas.encode("png");
  return { png, paintMs: painted - started, encodeMs: performance.now() - painted };
}

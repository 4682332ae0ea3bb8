import type { TableContext } from "@habibka/painter";
import {
  drawBallPaths,
  drawBalls,
  drawingOfShot,
  drawStaticTable,
  drawVerdict,
  fitTable,
  pathsOfTrace,
} from "@habibka/painter";
import { decodeTrace } from "@habibka/shared";
import type { MatchShot } from "@habibka/shared/match";
import {
  captionHeading,
  foulReasonText,
  readShotVerdict,
  type VerdictLanguage,
  verdictSentences,
} from "@habibka/shared/verdict-words";
import { createCanvas } from "@napi-rs/canvas";

/**
 * The picture of one shot that a shared link unfurls with (Open Graph's image): the balls where they stood at
 * the stroke, the paths they ran and where they stopped, with the verdict's drawing over it, painted by the same table and verdict painters as the client's canvas
 * (@habibka/painter) on Skia (@napi-rs/canvas), and a caption with who played it, the score after it and the
 * verdict's first sentence, in the words of the shared verdict catalogue, so the caption reads as the table
 * and the match page do.
 * Drawing takes a few milliseconds on the event loop; the PNG is encoded on libuv's thread pool.
 */

export const PICTURE_WIDTH = 1200;
export const PICTURE_HEIGHT = 630;
const CAPTION = 146;
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
  /** The verdict's lead sentence: for a foul, the one that says the foul. */
  readonly verdict: string;
  /** What the picture shows, since a still of a moving shot needs saying. */
  readonly legend: string;
}

const LEGEND: Readonly<Record<PictureLanguage, string>> = {
  ru: "Шары — где стояли до удара; линии — их пути; пунктирные кольца — где остановились",
  en: "Balls where they stood before the stroke; lines, their paths; dashed rings, where they stopped",
};

/**
 * The sentence a shot is told by in a caption or a link's description: for a foul, the sentence naming the
 * foul (the break's sentence or a run-out clock's comes first otherwise, and would hide it); else the first.
 */
export function leadSentence(shot: MatchShot, players: readonly (string | null)[], language: VerdictLanguage): string {
  const { played } = shot;
  const sentences = verdictSentences(played, players, language);
  const verdict = readShotVerdict(played.verdict);
  if (played.kind !== "lag" && verdict?.foul) {
    const reasons = verdict.reasons.map((r) => foulReasonText(r, played.events, language));
    const named = sentences.find((s) => reasons.some((r) => s.includes(r)));
    if (named) return named;
  }
  return sentences[0] ?? "";
}

/** The caption's three lines, before they are fitted to the picture's width. */
export function pictureCaption(input: PictureInput): PictureCaption {
  const { shot, players, language } = input;
  const { played } = shot;
  return {
    head: captionHeading(played, players, language),
    score: `${players[0] ?? "—"} ${shot.score[0]} : ${shot.score[1]} ${players[1] ?? "—"}`,
    verdict: leadSentence(shot, players, language),
    legend: LEGEND[language],
  };
}

/** Cuts a line to the width, with an ellipsis. */
function fitted(ctx: TableContext, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** Breaks a sentence into at most `lines` lines of the width, the last cut with an ellipsis if need be. */
function wrapped(ctx: TableContext, text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let rest = text.trim();
  while (rest !== "" && out.length < lines - 1) {
    if (ctx.measureText(rest).width <= width) break;
    const words = rest.split(" ");
    let line = words[0] ?? "";
    for (const word of words.slice(1)) {
      if (ctx.measureText(`${line} ${word}`).width > width) break;
      line = `${line} ${word}`;
    }
    out.push(line);
    rest = rest.slice(line.length).trimStart();
  }
  if (rest !== "") out.push(fitted(ctx, rest, width));
  return out;
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
  const gone = new Set(played.events.flatMap((e) => (e.type === "pocket" || e.type === "off-table" ? [e.ball] : [])));
  const cue = (played.request as { stroke?: { cue?: number } } | null)?.stroke?.cue ?? -1;
  drawBallPaths(
    ctx,
    viewport,
    played.kind === "clock" ? [] : pathsOfTrace(tracesOf(played.trace), gone),
    cue,
    shot.rest,
  );
  drawBalls(ctx, viewport, played.before);
  const drawing = drawingOfShot(played, { before: played.before, rest: shot.rest, after: shot.after });
  // The labels keep off the balls at the stroke and where they stopped alike.
  if (drawing) drawVerdict(ctx, viewport, drawing.items, { language, balls: [...played.before, ...shot.rest] });
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
  // Two lines, so that a foul's reasons are read to the end rather than cut.
  wrapped(ctx, caption.verdict, PICTURE_WIDTH - 48, 2).forEach((line, i) => {
    ctx.fillText(line, 24, top + 72 + 30 * i);
  });
  ctx.font = `400 18px ${FONT}`;
  ctx.fillStyle = "#9fb3a6";
  ctx.fillText(fitted(ctx, caption.legend, PICTURE_WIDTH - 48), 24, top + 132);
}

/** The shot's trace; a record whose trace cannot be read is drawn without paths rather than not at all. */
function tracesOf(trace: Uint8Array): ReturnType<typeof decodeTrace> {
  try {
    return decodeTrace(trace);
  } catch {
    return [];
  }
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

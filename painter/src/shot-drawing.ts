import type { ShotEvent } from "@habibka/shared";
import type { CalledBall } from "@habibka/shared/rules";
import type { BallPosition } from "@habibka/shared/table";
import type { DrawnVerdict, VerdictDrawing } from "./drawing-items.ts";
import { verdictDrawing } from "./verdict-drawing.ts";

/**
 * The parts of a played stroke the drawing reads, as the record, the live table's shot message and the match
 * page all carry them (the record's own PlayedStroke is one of them).
 */
export interface ShotToDraw {
  readonly kind: string;
  readonly request: unknown;
  readonly verdict: unknown;
  readonly events: readonly ShotEvent[];
}

/** A shot's verdict with the fields the drawing reads (a lag's verdict, or a stranger one, has not). */
export function isDrawnVerdict(verdict: unknown): verdict is DrawnVerdict {
  const v = verdict as Partial<DrawnVerdict> | null;
  return !!v && typeof v.foul === "boolean" && Array.isArray(v.reasons) && Array.isArray(v.drops);
}

/**
 * The drawing of a played stroke, its cue ball and call read from the request it was played with; null for
 * the lag (two strokes, no verdict of this kind) and for a verdict this version cannot read.
 */
export function drawingOfShot(
  shot: ShotToDraw,
  tables: {
    readonly before: readonly BallPosition[];
    /** Null or left out where the record does not say. */
    readonly rest?: readonly BallPosition[] | null;
    readonly after?: readonly BallPosition[] | null;
  },
): VerdictDrawing | null {
  if (shot.kind === "lag" || !isDrawnVerdict(shot.verdict)) return null;
  const request = shot.request as { stroke?: { cue?: number }; call?: readonly CalledBall[] } | null;
  return verdictDrawing({
    events: shot.events,
    verdict: shot.verdict,
    cue: request?.stroke?.cue ?? shot.verdict.cue ?? 0,
    call: request?.call ?? [],
    before: tables.before,
    ...(tables.rest ? { rest: tables.rest } : {}),
    ...(tables.after ? { after: tables.after } : {}),
  });
}

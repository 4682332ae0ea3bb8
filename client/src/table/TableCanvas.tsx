import {
  type BallToDraw,
  drawBalls,
  drawStaticTable,
  drawVerdict,
  fitTable,
  itemsBy,
  toScreen,
  toTable,
  type VerdictDrawing,
  type Viewport,
} from "@habibka/painter";
import type { ShotEvent } from "@habibka/shared";
import type { Point } from "@habibka/shared/table";
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PointerDevice } from "../game/pointer-gesture.ts";
import { playbackTime, type ShotAnimation } from "../game/shot-animation.ts";
import { drawOverlay, type Overlay, type OverlayWords } from "./draw-overlay.ts";
import { drawLagMarks, LAG_MARKS_HOLD_MS, type RestMarks } from "./lag-marks.ts";
import { type Loupe, loupeViewport, placeLoupes } from "./loupe.ts";

export interface PlaybackFrame {
  readonly animation: ShotAnimation;
  readonly startedAt: number;
  readonly elapsed: number;
  /**
   * A playback driven from outside (the match page's controls): the shot's time now, and whether it runs.
   * Such a playback never ends by itself; a paused one is drawn once per new frame object.
   */
  readonly clock?: { readonly time: () => number; readonly running: () => boolean };
}

/** The verdict's drawing over the table: while a shot plays, only what has happened by then. */
export interface VerdictLayer {
  readonly drawing: VerdictDrawing;
  readonly language: "ru" | "en";
}

/**
 * Strokes drawn as ghosts over the balls, by whoever brings them (the match page paints them with the
 * painter's `drawGhostStrokes`, which so loads with that page and not with every table).
 */
export interface GhostLayer {
  readonly count: number;
  paint(ctx: CanvasRenderingContext2D, viewport: Viewport, balls: readonly BallToDraw[]): void;
}

export type PointerKind = "down" | "move" | "up";

interface Props {
  readonly balls: readonly BallToDraw[];
  readonly overlay: Overlay;
  readonly playback: PlaybackFrame | null;
  readonly onPlaybackEnd: () => void;
  readonly onEvents?: (events: ShotEvent[]) => void;
  /** `pixel` is the size of one CSS pixel in metres, so that touch targets can be sized for fingers. */
  readonly onPointer?: (kind: PointerKind, at: Point, pixel: number, device: PointerDevice) => void;
  readonly onKeyDown?: (event: KeyboardEvent<HTMLCanvasElement>) => void;
  /** Told whether the table is drawn turned a quarter (a box taller than wide), for pictures that follow it. */
  readonly onRotated?: (rotated: boolean) => void;
  readonly label: string;
  readonly verdict?: VerdictLayer | null;
  /** Strokes drawn as ghosts over a still table (the match page's analysis: the played and the best). */
  readonly ghosts?: GhostLayer | null;
  /**
   * Marks drawn by the balls once a playback stops (the lag's distances): a live playback's last frame is
   * then held for LAG_MARKS_HOLD_MS so they can be read before it ends; a driven one shows them while it
   * rests at its end.
   */
  readonly restMarks?: RestMarks | null;
}

/**
 * The table on a canvas that fills its box, crisp on HiDPI screens. The static table is drawn once per size
 * to an offscreen canvas; each frame copies it and draws only the balls and the overlay, so a shot plays at
 * the display's frame rate. While a shot plays, positions come from the trace at the frame's time.
 */
export function TableCanvas(props: Props) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const staticRef = useRef<HTMLCanvasElement | null>(null);
  const viewportRef = useRef<Viewport | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  const { t } = useTranslation();
  const wordsRef = useRef<OverlayWords>({ foulColoured: "" });
  wordsRef.current = { foulColoured: t("guide.foulColoured") };
  const lastTimeRef = useRef(0);
  const [box, setBox] = useState({ width: 0, height: 0, ratio: 1 });

  useEffect(() => {
    const element = boxRef.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) {
        setBox({
          width: entry.contentRect.width,
          height: entry.contentRect.height,
          ratio: window.devicePixelRatio || 1,
        });
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Size change: resize the canvas and redraw the static table offscreen.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || box.width === 0) return;
    const viewport = fitTable(box.width, box.height);
    viewportRef.current = viewport;
    propsRef.current.onRotated?.(viewport.rotated);
    const w = Math.max(1, Math.round(viewport.width * box.ratio));
    const h = Math.max(1, Math.round(viewport.height * box.ratio));
    canvas.width = w;
    canvas.height = h;
    canvas.style.width = `${viewport.width}px`;
    canvas.style.height = `${viewport.height}px`;
    const offscreen = staticRef.current ?? document.createElement("canvas");
    offscreen.width = w;
    offscreen.height = h;
    const sctx = offscreen.getContext("2d");
    if (sctx) {
      sctx.setTransform(box.ratio, 0, 0, box.ratio, 0, 0);
      drawStaticTable(sctx, viewport);
    }
    staticRef.current = offscreen;
  }, [box]);

  // One loop for everything: it runs while a shot plays and draws a single frame otherwise. The loop reads
  // the latest props through a ref; balls and overlay are listed so that a change draws a new frame.
  // biome-ignore lint/correctness/useExhaustiveDependencies: balls and overlay trigger the redraw
  useEffect(() => {
    let frame = 0;
    const draw = (now: number) => {
      const canvas = canvasRef.current;
      const ctx = canvas?.getContext("2d");
      const viewport = viewportRef.current;
      const offscreen = staticRef.current;
      if (!canvas || !ctx || !viewport || !offscreen) return;
      const current = propsRef.current;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.drawImage(offscreen, 0, 0);
      ctx.setTransform(box.ratio, 0, 0, box.ratio, 0, 0);
      const playback = current.playback;
      const layer = current.verdict;
      if (playback) {
        const { animation, clock } = playback;
        const t = clock ? clock.time() : playbackTime(now, playback.startedAt, playback.elapsed, animation.duration);
        const events = t > lastTimeRef.current ? animation.eventsBetween(lastTimeRef.current, t) : [];
        if (events.length > 0) current.onEvents?.(events);
        lastTimeRef.current = t;
        const balls = animation.positionsAt(t);
        drawBalls(ctx, viewport, balls);
        const stopped = t >= animation.duration;
        if (layer) drawVerdict(ctx, viewport, itemsBy(layer.drawing, t, stopped), { language: layer.language, balls });
        const marks = stopped && current.restMarks ? current.restMarks(balls) : [];
        canvas.dataset.restMarks = marks.map((m) => m.text).join(" | ");
        if (marks.length > 0) drawLagMarks(ctx, viewport, marks, balls);
        if (clock) {
          if (clock.running()) frame = requestAnimationFrame(draw);
          return;
        }
        const held = (now - playback.startedAt + Math.max(0, playback.elapsed)) / 1000 - animation.duration;
        if (stopped && (marks.length === 0 || held * 1000 >= LAG_MARKS_HOLD_MS)) {
          canvas.dataset.restMarks = "";
          current.onPlaybackEnd();
          return;
        }
        frame = requestAnimationFrame(draw);
        return;
      }
      canvas.dataset.restMarks = "";
      drawBalls(ctx, viewport, current.balls);
      if (layer) drawVerdict(ctx, viewport, layer.drawing.items, { language: layer.language, balls: current.balls });
      current.ghosts?.paint(ctx, viewport, current.balls);
      drawOverlay(ctx, viewport, current.overlay, wordsRef.current);
      const foci = current.overlay.loupes.map((f) => ({ ...f, ...toScreen(viewport, f.x, f.y) }));
      for (const loupe of placeLoupes(viewport, foci)) drawLoupe(ctx, viewport, loupe, current);
    };
    if (props.playback) {
      const { clock, startedAt, elapsed, animation } = props.playback;
      lastTimeRef.current = clock
        ? clock.time()
        : playbackTime(performance.now(), startedAt, elapsed, animation.duration);
    }
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [box, props.playback, props.balls, props.overlay, props.verdict, props.ghosts]);

  function pointer(kind: PointerKind, event: PointerEvent<HTMLCanvasElement>) {
    const viewport = viewportRef.current;
    const handler = propsRef.current.onPointer;
    if (!viewport || !handler) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const at = toTable(viewport, event.clientX - rect.left, event.clientY - rect.top);
    if (kind === "down") event.currentTarget.setPointerCapture(event.pointerId);
    if (kind === "move" && event.buttons === 0) return;
    handler(kind, at, 1 / Math.max(viewport.scale, 1e-6), event.pointerType === "mouse" ? "mouse" : "touch");
  }

  return (
    <div ref={boxRef} className="table-box">
      <canvas
        ref={canvasRef}
        data-testid="table-canvas"
        data-loupes={props.overlay.loupes.length}
        data-guide={props.overlay.guide ? (props.overlay.guide.own ? "own" : "theirs") : "none"}
        data-guide-legs={props.overlay.guide?.legs ?? 0}
        data-guide-ball={props.overlay.guide?.firstBall ?? ""}
        data-guide-foul={props.overlay.guide?.foul ?? ""}
        data-guide-word={props.overlay.guide?.foul === "coloured" ? wordsRef.current.foulColoured : ""}
        data-drawing={props.verdict ? props.verdict.drawing.items.length : 0}
        data-ghosts={props.ghosts?.count ?? 0}
        aria-label={props.label}
        role="img"
        tabIndex={0}
        onPointerDown={(e) => pointer("down", e)}
        onPointerMove={(e) => pointer("move", e)}
        onPointerUp={(e) => pointer("up", e)}
        onPointerCancel={(e) => pointer("up", e)}
        onKeyDown={props.onKeyDown}
      />
    </div>
  );
}

/** A magnified inset: the table, balls and guide redrawn at the loupe's zoom, clipped to its circle. */
function drawLoupe(ctx: CanvasRenderingContext2D, viewport: Viewport, loupe: Loupe, props: Props): void {
  const inset = loupeViewport(viewport, loupe);
  ctx.save();
  ctx.beginPath();
  ctx.arc(loupe.centreX, loupe.centreY, loupe.radius, 0, 2 * Math.PI);
  ctx.clip();
  ctx.fillStyle = "#3f220d";
  ctx.fill();
  drawStaticTable(ctx, inset);
  drawBalls(ctx, inset, props.balls);
  drawOverlay(ctx, inset, { ...props.overlay, loupes: [] });
  ctx.restore();
  ctx.strokeStyle = "rgba(255,255,255,0.85)";
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(loupe.centreX, loupe.centreY, loupe.radius, 0, 2 * Math.PI);
  ctx.stroke();
}

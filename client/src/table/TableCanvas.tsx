import { useEffect, useRef, useState } from "react";
import type { BallView } from "../net/table-snapshot.ts";
import { drawTable } from "./draw-table.ts";
import { fitTable } from "./viewport.ts";

/** The table drawn to scale on a canvas that fills its box, crisp on HiDPI screens. */
export function TableCanvas({ balls }: { balls: readonly BallView[] }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [box, setBox] = useState({ width: 0, height: 0 });

  useEffect(() => {
    const element = boxRef.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setBox({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext("2d");
    if (!canvas || !ctx || box.width === 0) return;
    const viewport = fitTable(box.width, box.height);
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(viewport.width * ratio);
    canvas.height = Math.round(viewport.height * ratio);
    canvas.style.width = `${viewport.width}px`;
    canvas.style.height = `${viewport.height}px`;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, viewport.width, viewport.height);
    drawTable(ctx, viewport, balls);
  }, [box, balls]);

  return (
    <div ref={boxRef} className="table-box">
      <canvas ref={canvasRef} data-testid="table-canvas" aria-label="Бильярдный стол" />
    </div>
  );
}

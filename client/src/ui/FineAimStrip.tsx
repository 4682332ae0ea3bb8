import { type PointerEvent, useRef } from "react";
import { useTranslation } from "react-i18next";

/** Degrees per pixel dragged: 0.01°, so a finger's 5 px is a twentieth of a degree. */
const DEGREES_PER_PIXEL = 0.01;

/**
 * A fine-aim wheel: dragging along it turns the aim by hundredths of a degree, for the corner pockets'
 * 2 mm on a phone where a finger on the table cannot be that precise. Left turns counter-clockwise.
 */
export function FineAimStrip({ onTurn }: { readonly onTurn: (delta: number) => void }) {
  const { t } = useTranslation();
  const last = useRef<number | null>(null);

  function move(event: PointerEvent<HTMLButtonElement>) {
    if (last.current === null) return;
    const dx = event.clientX - last.current;
    if (dx === 0) return;
    last.current = event.clientX;
    onTurn(-dx * DEGREES_PER_PIXEL);
  }

  return (
    <button
      type="button"
      className="fine-strip"
      data-testid="fine-aim"
      aria-label={t("aim.fineStrip")}
      title={t("aim.fineStrip")}
      onPointerDown={(e) => {
        last.current = e.clientX;
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerMove={move}
      onPointerUp={() => {
        last.current = null;
      }}
      onPointerCancel={() => {
        last.current = null;
      }}
    >
      <span aria-hidden="true">◀ ││││││││││││││││ ▶</span>
    </button>
  );
}

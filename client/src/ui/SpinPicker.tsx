import type { TipOffset } from "@habibka/shared";
import { type KeyboardEvent, type PointerEvent, useRef } from "react";
import { useTranslation } from "react-i18next";
import { clampOffset } from "../game/stroke-limits.ts";

interface Props {
  readonly offset: TipOffset;
  readonly onChange: (offset: TipOffset) => void;
  readonly disabled?: boolean;
}

const SIZE = 96;
const STEP = 0.05;

/**
 * Where the tip meets the cue ball, on a picture of the ball's face seen from behind: up is follow
 * [накат], down is draw [оттяжка], the sides are side spin [винт]. The dashed ring is the UI's limit (0.5).
 */
export function SpinPicker({ offset, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const dragging = useRef(false);

  function fromPointer(event: PointerEvent<SVGSVGElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - rect.left) / rect.width) * 2 - 1;
    const y = -(((event.clientY - rect.top) / rect.height) * 2 - 1);
    onChange(clampOffset({ x, y }));
  }

  function key(event: KeyboardEvent<SVGSVGElement>) {
    const moves: Record<string, [number, number]> = {
      ArrowUp: [0, STEP],
      ArrowDown: [0, -STEP],
      ArrowLeft: [-STEP, 0],
      ArrowRight: [STEP, 0],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      event.stopPropagation();
      onChange(clampOffset({ x: offset.x + move[0], y: offset.y + move[1] }));
    } else if (event.key === "Home" || event.key === "0") {
      event.preventDefault();
      onChange({ x: 0, y: 0 });
    }
  }

  const r = SIZE / 2 - 4;
  const c = SIZE / 2;
  return (
    <div className="spin">
      <svg
        width={SIZE}
        height={SIZE}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a 2-D slider has no native element
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-label={t("aim.spin")}
        aria-valuetext={`${offset.x.toFixed(2)}, ${offset.y.toFixed(2)}`}
        aria-valuenow={Math.round(Math.hypot(offset.x, offset.y) * 100) / 100}
        aria-disabled={disabled}
        data-testid="spin"
        onPointerDown={(e) => {
          if (disabled) return;
          dragging.current = true;
          e.currentTarget.setPointerCapture(e.pointerId);
          fromPointer(e);
        }}
        onPointerMove={(e) => dragging.current && !disabled && fromPointer(e)}
        onPointerUp={() => {
          dragging.current = false;
        }}
        onKeyDown={(e) => !disabled && key(e)}
      >
        <circle cx={c} cy={c} r={r} fill="#f4efe1" stroke="#333" />
        <circle cx={c} cy={c} r={r * 0.5} fill="none" stroke="#888" strokeDasharray="3 3" />
        <line x1={c - r} y1={c} x2={c + r} y2={c} stroke="#ccc" />
        <line x1={c} y1={c - r} x2={c} y2={c + r} stroke="#ccc" />
        <circle cx={c + offset.x * r} cy={c - offset.y * r} r={6} fill="#1565c0" stroke="#fff" strokeWidth={1.5} />
      </svg>
      <div className="spin-side">
        <small>{t("aim.spinHint")}</small>
        <button type="button" disabled={disabled} onClick={() => onChange({ x: 0, y: 0 })} data-testid="spin-centre">
          {t("aim.spinCentre")}
        </button>
      </div>
    </div>
  );
}

import type { BallToDraw } from "@habibka/painter";
import { drawingOfShot } from "@habibka/painter";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ShotRecord } from "../net/shot-record.ts";
import type { VerdictLayer } from "../table/TableCanvas.tsx";

/**
 * The live table's verdict drawing: the shot playing (drawn as it happens) or the last one shown, over the
 * table, with the player's choice to hide it remembered in this browser (the match page shares the choice).
 */

const DRAWING_KEY = "habibka.drawing";

export function drawingWanted(): boolean {
  try {
    return localStorage.getItem(DRAWING_KEY) !== "off";
  } catch {
    return true;
  }
}

export function rememberDrawing(shown: boolean): void {
  try {
    localStorage.setItem(DRAWING_KEY, shown ? "on" : "off");
  } catch {
    // not remembered
  }
}

/**
 * `after`: the table the rules left, when `shot` is the latest and at rest (spotted balls are drawn to it);
 * `visible`: the drawing may be shown now (the player composing his stroke has his own guide there instead).
 */
export function useVerdictLayer(shot: ShotRecord | null, after: readonly BallToDraw[] | null, visible: boolean) {
  const { i18n } = useTranslation();
  const language = i18n.language === "en" ? "en" : "ru";
  const [shown, setShown] = useState(drawingWanted);
  const message = shot?.message;
  const before = shot?.before ?? message?.before;
  const drawing = useMemo(
    () => (message && before ? drawingOfShot(message, { before, ...(after ? { after } : {}) }) : null),
    [message, before, after],
  );
  const layer: VerdictLayer | null = useMemo(
    () => (drawing && shown && visible ? { drawing, language } : null),
    [drawing, shown, visible, language],
  );
  const toggle = useCallback(() => {
    setShown((was) => {
      rememberDrawing(!was);
      return !was;
    });
  }, []);
  return { layer, available: drawing !== null, shown, toggle };
}

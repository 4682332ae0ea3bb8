import type { PocketId } from "@habibka/shared/table";
import { useTranslation } from "react-i18next";
import type { CalledBall, Way } from "../net/messages.ts";
import { BallIcon } from "./BallIcon.tsx";
import { calledBallText } from "./call-text.ts";
import { PocketIcon } from "./PocketIcon.tsx";

interface SummaryProps {
  readonly call: readonly CalledBall[];
  readonly cue: number;
  /** Null for the striker's relayed call, shown read-only. */
  readonly onWay: ((ball: number, way: Way) => void) | null;
  readonly onRemove?: (ball: number) => void;
  /** The table is drawn turned (portrait): pocket icons follow it. */
  readonly upright?: boolean;
  /** Per entry: the guide's line goes into its pocket by its way (shown lit). */
  readonly lit?: readonly boolean[];
}

/**
 * The call [заказ] as it stands: each ball with its pocket and its way, the way a two-state switch
 * (прямо / от борта) whose lit half is the current one. A double call shows its ways by their short names
 * and without the swap sign, so both entries fit a phone's row beside the call and spin buttons.
 */
export function CallSummary({ call, cue, onWay, onRemove, upright = false, lit = [] }: SummaryProps) {
  const { t } = useTranslation();
  const compact = call.length > 1;
  if (call.length === 0) {
    // The striker's shot shown to the others says only that nothing was called; the player's own, how to call.
    return (
      <p className="call-summary empty" data-testid="call-summary">
        {onWay === null ? (
          t("log.noCall")
        ) : (
          <>
            <span className="long">{t("call.none")}</span>
            <span className="short">{t("call.noneShort")}</span>
          </>
        )}
      </p>
    );
  }
  return (
    <ul className="call-summary" data-testid="call-summary" style={compact ? { gap: "0.35rem" } : undefined}>
      {call.map((c, i) => (
        <li
          key={c.ball}
          className={lit[i] ? "lit" : undefined}
          data-lit={lit[i] ? "true" : "false"}
          title={calledBallText(c, cue, t)}
          data-testid="call-entry"
          data-ball={c.ball}
          data-pocket={c.pocket}
          data-way={c.way}
        >
          <BallIcon id={c.ball} size={20} />
          <span className="sr-only">{calledBallText(c, cue, t)}</span>
          {c.ball === cue && <span className="own-tag">{t("call.own")}</span>}
          <PocketIcon pocket={c.pocket} size={upright ? 22 : 30} upright={upright} />
          {onWay ? (
            // A two-state toggle that shows the current way; pressing it switches to the other.
            <button
              type="button"
              className="way-toggle"
              style={compact ? { padding: "0 0.35rem" } : undefined}
              aria-pressed={c.way === "bank"}
              aria-label={t("call.wayNow", { way: t(`call.${c.way}`) })}
              title={t("call.waySwitch", { way: t(`call.${c.way === "direct" ? "bank" : "direct"}`) })}
              data-testid={`call-way-${c.ball}`}
              onClick={() => onWay(c.ball, c.way === "direct" ? "bank" : "direct")}
            >
              {compact ? t(`call.wayShort.${c.way}`) : t(`call.${c.way}`)}
              {!compact && (
                <span className="swap" aria-hidden="true">
                  ⇄
                </span>
              )}
            </button>
          ) : (
            <span className="way-shown">{compact ? t(`call.wayShort.${c.way}`) : t(`call.${c.way}`)}</span>
          )}
          {onRemove && (
            <button
              type="button"
              className="remove mid-only"
              aria-label={t("call.remove")}
              data-testid={`call-remove-${c.ball}`}
              onClick={() => onRemove(c.ball)}
            >
              ×
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

interface PickerProps {
  /** The ball the pocket buttons call: the one picked on the table, else the one the aim is on. */
  readonly target: number | null;
  readonly cue: number;
  readonly onPocket: (pocket: PocketId) => void;
  readonly onOwn: () => void;
  readonly onClear: () => void;
  readonly canClear: boolean;
  readonly upright: boolean;
}

/**
 * The pockets as the table lies on screen: seen from the head, the left side's three above the right side's;
 * turned upright (portrait), the foot at the top and the left side on the left.
 */
const PICKER_ORDER: readonly PocketId[] = ["HL", "ML", "FL", "HR", "MR", "FR"];
const UPRIGHT_ORDER: readonly PocketId[] = ["FL", "FR", "ML", "MR", "HL", "HR"];

/** Pocket buttons laid out as the table lies (head on the left), with their names; and свояк. */
export function CallPicker({ target, cue, onPocket, onOwn, onClear, canClear, upright }: PickerProps) {
  const { t } = useTranslation();
  return (
    <div className="call-picker" data-testid="call-picker">
      <p className="hint">
        {target === null
          ? t("call.pick")
          : target === cue
            ? t("call.pickPocketOwn", { ball: target })
            : t("call.pickPocket", { ball: target })}
      </p>
      <div className={upright ? "pocket-buttons upright" : "pocket-buttons"}>
        {(upright ? UPRIGHT_ORDER : PICKER_ORDER).map((p) => (
          <button
            key={p}
            type="button"
            data-testid={`pocket-${p}`}
            disabled={target === null}
            aria-label={t(`call.pockets.${p}`)}
            onClick={() => onPocket(p)}
          >
            <PocketIcon pocket={p} size={30} upright={upright} />
            <span>{t(`call.short.${p}`)}</span>
          </button>
        ))}
      </div>
      <div className="row">
        <button type="button" data-testid="call-own" onClick={onOwn}>
          {t("call.ownPick", { ball: cue })}
        </button>
        <button type="button" data-testid="call-clear" onClick={onClear} disabled={!canClear}>
          {t("call.clear")}
        </button>
      </div>
    </div>
  );
}

import { MAX_STROKE_SPEED, type TipOffset } from "@habibka/shared";
import { COLOURED_BALL, type PocketId } from "@habibka/shared/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AimMode } from "../game/aim-draft.ts";
import type { CallEntry } from "../game/call-way.ts";
import { COARSE_STEP, FINE_STEP, MIN_SPEED, STEP } from "../game/stroke-limits.ts";
import type { Way } from "../net/messages.ts";
import { BallIcon } from "./BallIcon.tsx";
import { CallPicker, CallSummary } from "./CallPanel.tsx";
import { FineAimStrip } from "./FineAimStrip.tsx";
import { PocketIcon } from "./PocketIcon.tsx";
import { SpinPicker } from "./SpinPicker.tsx";

interface Props {
  readonly kind: "shot" | "lag";
  readonly mode: AimMode;
  readonly onMode: (mode: AimMode) => void;
  readonly cue: number;
  readonly placing: boolean;
  readonly angle: number;
  readonly onAngle: (angle: number) => void;
  /** Turns the aim; `fine` marks the 0.01° steps, which open the loupe. */
  readonly onTurn: (delta: number, fine: boolean) => void;
  readonly speed: number;
  readonly onSpeed: (speed: number) => void;
  readonly offset: TipOffset;
  readonly onOffset: (offset: TipOffset) => void;
  readonly call: readonly CallEntry[];
  /** For each called ball: the guide's path takes it in by the called way. */
  readonly lit: readonly boolean[];
  /** The ball the pocket buttons call (picked on the table, or the one the aim is on). */
  readonly callTarget: number | null;
  readonly onPocket: (pocket: PocketId) => void;
  readonly onOwn: () => void;
  readonly onWay: (ball: number, way: Way) => void;
  readonly onRemove: (ball: number) => void;
  readonly onClear: () => void;
  /** The call control is open (calling): a click on a ball picks it for the call. */
  readonly calling: boolean;
  readonly onCalling: (calling: boolean) => void;
  /** A finger pulls the power on the table: the reading is shown big over the table, above the finger. */
  readonly pulling: boolean;
  readonly onShoot: () => void;
  readonly canShoot: boolean;
  /** The table is drawn turned a quarter (portrait): pocket pictures follow it. */
  readonly upright: boolean;
}

interface Turn {
  readonly id: string;
  readonly delta: number;
  /** Where the dock is too narrow for it, the step is left to the keys and the strip. */
  readonly width: "" | "mid-only" | "wide-only";
}

/** The turn buttons either side of the fine strip: coarse, ordinary and fine, each way. */
const TURNS: readonly Turn[] = [
  { id: "turn-minus-coarse", delta: -COARSE_STEP, width: "wide-only" },
  { id: "turn-minus-step", delta: -STEP, width: "mid-only" },
  { id: "turn-minus", delta: -FINE_STEP, width: "" },
  { id: "turn-plus", delta: FINE_STEP, width: "" },
  { id: "turn-plus-step", delta: STEP, width: "mid-only" },
  { id: "turn-plus-coarse", delta: COARSE_STEP, width: "wide-only" },
];

function TurnButton({ turn, onTurn }: { readonly turn: Turn; readonly onTurn: Props["onTurn"] }) {
  const { t, i18n } = useTranslation();
  const degrees = new Intl.NumberFormat(i18n.language, { signDisplay: "always", maximumFractionDigits: 2 });
  const label = `${degrees.format(turn.delta).replace("-", "−")}°`;
  return (
    <button
      type="button"
      className={turn.width || undefined}
      data-testid={turn.id}
      aria-label={t("aim.turnBy", { degrees: label })}
      onClick={() => onTurn(turn.delta, turn.delta === FINE_STEP || turn.delta === -FINE_STEP)}
    >
      {label}
    </button>
  );
}

/**
 * The stroke, in three fixed rows under the table: the cue ball and the call; the direction with its fine
 * steps; the power and the shot. The pocket buttons and the spin open over the table, so that nothing
 * below moves and the whole stroke fits one screen.
 */
export function AimControls(props: Props) {
  const { t } = useTranslation();
  const { kind, mode, cue } = props;
  const [spinOpen, setSpinOpen] = useState(false);
  // The call's popover is the composer's calling state (a click on a ball then calls); the spin's is ours.
  const open = props.calling ? "call" : spinOpen ? "spin" : null;
  const toggle = (p: "call" | "spin") => {
    if (p === "call") {
      props.onCalling(!props.calling);
      setSpinOpen(false);
    } else {
      if (props.calling) props.onCalling(false);
      setSpinOpen(!spinOpen);
    }
  };
  const spinOff = props.offset.x !== 0 || props.offset.y !== 0;
  return (
    <section
      className={kind === "lag" ? "aim-controls lag" : "aim-controls"}
      aria-label={kind === "lag" ? t("lag.title") : t("aim.title")}
      data-testid="aim-controls"
    >
      {open === "call" && kind === "shot" && (
        <div className="popover call-popover" data-testid="call-popover">
          <CallPicker
            target={props.callTarget}
            cue={cue}
            onPocket={(pocket) => {
              props.onPocket(pocket);
            }}
            onOwn={props.onOwn}
            onClear={props.onClear}
            canClear={props.call.length > 0}
            upright={props.upright}
          />
        </div>
      )}
      {open === "spin" && kind === "shot" && (
        <div className="popover spin-popover" data-testid="spin-popover">
          <SpinPicker offset={props.offset} onChange={props.onOffset} />
          <button type="button" className="close" onClick={() => setSpinOpen(false)}>
            {t("app.close")}
          </button>
        </div>
      )}
      <div className="dock-row stroke-first">
        {kind === "shot" ? (
          <>
            {!props.placing && (
              <button
                type="button"
                className={mode === "cue" ? "cue-choice on" : "cue-choice"}
                aria-pressed={mode === "cue"}
                data-testid="mode-cue"
                onClick={() => props.onMode(mode === "cue" ? "aim" : "cue")}
              >
                <BallIcon id={cue} size={22} />
                <span data-testid="cue-ball" className={mode === "cue" ? "" : "mid-only"}>
                  {mode === "cue" ? t("aim.pickCue") : t("aim.cue", { ball: cue })}
                </span>
              </button>
            )}
            {props.placing && (
              // The house is lit on the table; the ball in hand is simply shown here.
              <span className="cue-choice placed" title={t("aim.placeHint", { ball: cue })}>
                <BallIcon id={cue} size={22} />
                <span data-testid="cue-ball" className="sr-only">
                  {t("aim.placeHint", { ball: cue })}
                </span>
              </span>
            )}
            <div className="call-area">
              <CallSummary
                call={props.call}
                lit={props.lit}
                cue={cue}
                onWay={props.onWay}
                onRemove={props.onRemove}
                upright={props.upright}
              />
            </div>
            <button
              type="button"
              className={open === "call" ? "call-button on" : "call-button"}
              aria-expanded={open === "call"}
              aria-label={t("call.title")}
              data-testid="open-call"
              onClick={() => toggle("call")}
            >
              <PocketIcon pocket={props.call[0]?.pocket ?? "FL"} size={24} upright={props.upright} />
              <span className="mid-only">{t("call.title")}</span>
            </button>
            <button
              type="button"
              className={open === "spin" ? "spin-button on" : "spin-button"}
              aria-expanded={open === "spin"}
              aria-label={t("aim.spin")}
              data-testid="open-spin"
              onClick={() => toggle("spin")}
            >
              <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true">
                <circle cx="11" cy="11" r="9" fill="#f4efe1" stroke="#333" />
                <circle cx={11 + props.offset.x * 16} cy={11 - props.offset.y * 16} r="3" fill="#1565c0" />
              </svg>
              <span className="mid-only">{spinOff ? t("aim.spinSet") : t("aim.spinShort")}</span>
            </button>
          </>
        ) : (
          <span className="hint">
            <span className="long">{t("lag.hint")}</span>
            <span className="short">{t("lag.hintShort")}</span>
          </span>
        )}
      </div>
      {props.pulling && (
        <output
          className="popover power-reading"
          data-testid="power-reading"
          style={{ left: "50%", transform: "translateX(-50%)", fontSize: "1.6rem", pointerEvents: "none" }}
        >
          {t("aim.speedValue", { speed: props.speed.toFixed(2) })}
        </output>
      )}
      {kind === "shot" && cue === COLOURED_BALL && (
        <p className="warning warning-float" role="alert" data-testid="coloured-warning">
          {t("aim.colouredWarning")}
        </p>
      )}
      <div className="dock-row angle-row">
        {TURNS.slice(0, 3).map((turn) => (
          <TurnButton key={turn.id} turn={turn} onTurn={props.onTurn} />
        ))}
        <FineAimStrip onTurn={(delta) => props.onTurn(delta, true)} />
        {TURNS.slice(3).map((turn) => (
          <TurnButton key={turn.id} turn={turn} onTurn={props.onTurn} />
        ))}
        <label className="angle-field">
          <span className="sr-only">{t("aim.angle")}</span>
          <input
            type="number"
            inputMode="decimal"
            data-testid="angle-input"
            aria-label={t("aim.angle")}
            step={FINE_STEP}
            min={-360}
            max={720}
            value={props.angle}
            onChange={(e) => {
              const v = Number(e.target.value);
              if (Number.isFinite(v) && e.target.value !== "") props.onAngle(v);
            }}
          />
          <span aria-hidden="true">°</span>
        </label>
      </div>
      <div className="dock-row power-row">
        <label className="speed">
          <span className="sr-only">{t("aim.speed")}</span>
          <input
            type="range"
            data-testid="speed-slider"
            aria-label={t("aim.speed")}
            min={MIN_SPEED}
            max={MAX_STROKE_SPEED}
            step={0.05}
            value={props.speed}
            onChange={(e) => props.onSpeed(Number(e.target.value))}
          />
          <output data-testid="speed-value">{t("aim.speedValue", { speed: props.speed.toFixed(2) })}</output>
        </label>
        <button
          type="button"
          className="primary shoot"
          data-testid={kind === "lag" ? "lag-shoot" : "shoot"}
          disabled={!props.canShoot}
          onClick={props.onShoot}
        >
          {kind === "lag" ? t("lag.shoot") : t("aim.shoot")}
        </button>
      </div>
    </section>
  );
}

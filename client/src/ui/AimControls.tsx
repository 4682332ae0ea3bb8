import { COLOURED_BALL } from "@habibka/shared/table";
import { useTranslation } from "react-i18next";
import { COARSE_STEP, FINE_STEP, MAX_SPEED, MIN_SPEED, type Offset } from "../game/stroke-limits.ts";
import { FineAimStrip } from "./FineAimStrip.tsx";
import { SpinPicker } from "./SpinPicker.tsx";

export type AimMode = "aim" | "cue" | "call";

interface Props {
  readonly kind: "shot" | "lag";
  readonly mode: AimMode;
  readonly onMode: (mode: AimMode) => void;
  readonly cue: number;
  readonly placing: boolean;
  readonly angle: number;
  readonly onAngle: (angle: number) => void;
  readonly onTurn: (delta: number) => void;
  readonly speed: number;
  readonly onSpeed: (speed: number) => void;
  readonly offset: Offset;
  readonly onOffset: (offset: Offset) => void;
  readonly onShoot: () => void;
  readonly canShoot: boolean;
}

/** The stroke: tool, cue ball, direction with fine steps, power in m/s, tip offset, and the shot itself. */
export function AimControls(props: Props) {
  const { t } = useTranslation();
  const { kind, mode, cue } = props;
  return (
    <section className="aim-controls" aria-label={kind === "lag" ? t("lag.title") : t("aim.shoot")}>
      {kind === "shot" && (
        <div className="modes" aria-label={t("aim.mode")} role="toolbar">
          {(["aim", ...(props.placing ? [] : ["cue"]), "call"] as AimMode[]).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              className={mode === m ? "on" : ""}
              data-testid={`mode-${m}`}
              onClick={() => props.onMode(m)}
            >
              {t(`aim.mode${m[0]!.toUpperCase()}${m.slice(1)}`)}
            </button>
          ))}
        </div>
      )}
      {kind === "shot" && (
        <p className="cue-line" data-testid="cue-ball">
          {t("aim.cue", { ball: cue })}
        </p>
      )}
      {kind === "shot" && cue === COLOURED_BALL && (
        <p className="warning" role="alert" data-testid="coloured-warning">
          {t("aim.colouredWarning")}
        </p>
      )}
      {props.placing && <p className="hint">{t("aim.placeHint")}</p>}
      <div className="angle-row">
        <label className="field">
          <span>{t("aim.angle")}</span>
          <input
            type="number"
            data-testid="angle-input"
            step={FINE_STEP}
            min={-360}
            max={720}
            value={props.angle}
            onChange={(e) => {
              const v = Number(e.target.value);
              if (Number.isFinite(v)) props.onAngle(v);
            }}
          />
        </label>
        <button type="button" data-testid="turn-minus-coarse" onClick={() => props.onTurn(-COARSE_STEP)}>
          −1°
        </button>
        <button
          type="button"
          data-testid="turn-minus"
          aria-label={t("aim.finer")}
          onClick={() => props.onTurn(-FINE_STEP)}
        >
          −0.05°
        </button>
        <button
          type="button"
          data-testid="turn-plus"
          aria-label={t("aim.coarser")}
          onClick={() => props.onTurn(FINE_STEP)}
        >
          +0.05°
        </button>
        <button type="button" data-testid="turn-plus-coarse" onClick={() => props.onTurn(COARSE_STEP)}>
          +1°
        </button>
      </div>
      <FineAimStrip onTurn={props.onTurn} />
      <label className="field speed">
        <span>
          {t("aim.speed")}:{" "}
          <output data-testid="speed-value">{t("aim.speedValue", { speed: props.speed.toFixed(2) })}</output>
        </span>
        <input
          type="range"
          data-testid="speed-slider"
          min={MIN_SPEED}
          max={MAX_SPEED}
          step={0.05}
          value={props.speed}
          onChange={(e) => props.onSpeed(Number(e.target.value))}
        />
      </label>
      {kind === "shot" && (
        <div>
          <span className="label">{t("aim.spin")}</span>
          <SpinPicker offset={props.offset} onChange={props.onOffset} />
        </div>
      )}
      <button
        type="button"
        className="primary shoot"
        data-testid={kind === "lag" ? "lag-shoot" : "shoot"}
        disabled={!props.canShoot}
        onClick={props.onShoot}
      >
        {kind === "lag" ? t("lag.shoot") : t("aim.shoot")}
      </button>
      <small className="hint keys">{t("aim.keys")}</small>
    </section>
  );
}

import type { AnalysedStroke, BestStroke } from "@habibka/shared/protocol";
import { MARK_THRESHOLDS } from "@habibka/shared/protocol";
import { ballName, pocketName } from "@habibka/shared/verdict-words";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import "../i18n/analysis-words-loaded.ts";
import { decisiveMoments } from "./analysis-data.ts";
import type { MatchPageData } from "./match-data.ts";
import type { AnalysisState } from "./use-match-analysis.ts";

/**
 * «Анализ» on a finished match's page: the way to ask for the computer's analysis, its progress while the
 * server computes it, then each player's accuracy, the shot shown weighed against the computer's best (with
 * the way to draw both on the table), and the moments that decided the match, each a way to its shot.
 */

interface Props {
  readonly data: MatchPageData;
  readonly state: AnalysisState;
  readonly onAsk: () => void;
  /** The number of the shot the player shows. */
  readonly shown: number | null;
  readonly onChoose: (number: number) => void;
  readonly ghostsShown: boolean;
  readonly onGhosts: (shown: boolean) => void;
}

export default function AnalysisPanel({ data, state, onAsk, shown, onChoose, ghostsShown, onGhosts }: Props) {
  const { t, i18n } = useTranslation();
  const percent = (x: number) => formatPercent(x, i18n.language);
  const name = (seat: 0 | 1) => data.players[seat] || "—";
  return (
    <section className="match-analysis card" data-testid="match-analysis" data-state={state.kind}>
      <h3>{t("analysis.title")}</h3>
      {state.kind === "idle" && (
        <>
          <p className="hint">{t("analysis.intro")}</p>
          <button type="button" className="primary analysis-action" data-testid="analysis-ask" onClick={onAsk}>
            {t("analysis.ask")}
          </button>
        </>
      )}
      {state.kind === "pending" && (
        <div className="analysis-progress" data-testid="analysis-progress">
          <p role="status">
            {state.running && state.total > 0
              ? t("analysis.running", { done: state.done, total: state.total })
              : t("analysis.queued")}
          </p>
          <progress
            max={Math.max(1, state.total)}
            value={state.running ? state.done : undefined}
            aria-label={t("analysis.progress")}
          />
        </div>
      )}
      {(state.kind === "refused" || state.kind === "failed") && (
        <div role="alert" data-testid="analysis-refused">
          <p>
            {state.kind === "failed"
              ? t("analysis.failed")
              : t(`analysis.refused.${state.code}`, { defaultValue: t("analysis.refused.other") })}
          </p>
          <button type="button" className="analysis-action" onClick={onAsk}>
            {t("analysis.again")}
          </button>
        </div>
      )}
      {state.kind === "done" && (
        <Analysed
          data={data}
          strokes={state.analysis.shots}
          accuracy={state.analysis.players}
          shown={shown}
          onChoose={onChoose}
          ghostsShown={ghostsShown}
          onGhosts={onGhosts}
          percent={percent}
          name={name}
        />
      )}
    </section>
  );
}

function Analysed(props: {
  readonly data: MatchPageData;
  readonly strokes: readonly AnalysedStroke[];
  readonly accuracy: readonly { readonly seat: 0 | 1; readonly accuracy: number }[];
  readonly shown: number | null;
  readonly onChoose: (number: number) => void;
  readonly ghostsShown: boolean;
  readonly onGhosts: (shown: boolean) => void;
  readonly percent: (x: number) => string;
  readonly name: (seat: 0 | 1) => string;
}) {
  const { t, i18n } = useTranslation();
  const { data, strokes, shown, onChoose, percent, name } = props;
  const stroke = strokes.find((s) => s.number === shown);
  const moments = useMemo(() => decisiveMoments(strokes, data.shots, data.result?.winner ?? null), [data, strokes]);
  const loss = (x: number) => x.toLocaleString(i18n.language === "en" ? "en" : "ru", { maximumFractionDigits: 2 });
  const thresholds = Object.fromEntries(Object.entries(MARK_THRESHOLDS).map(([mark, x]) => [mark, loss(x)]));
  const open = (number: number, text: string, mark?: string) => (
    <button type="button" className="link" data-testid={`moment-${number}`} onClick={() => onChoose(number)}>
      {mark && <span className={`analysis-mark analysis-${mark}`} aria-hidden="true" />}
      {text}
    </button>
  );
  const deciding = moments.deciding && !moments.dearest.includes(moments.deciding) ? moments.deciding : null;
  return (
    <>
      <p className="analysis-accuracy" data-testid="analysis-accuracy">
        <strong>{t("analysis.accuracy")}:</strong>{" "}
        {props.accuracy.map(({ seat, accuracy }, i) => (
          <span key={seat} data-testid={`accuracy-${seat}`}>
            {i > 0 && " · "}
            {t("analysis.accuracyOf", {
              name: name(seat),
              value: accuracy.toLocaleString(i18n.language === "en" ? "en" : "ru", {
                minimumFractionDigits: 1,
                maximumFractionDigits: 1,
              }),
            })}
          </span>
        ))}
      </p>
      <div className="analysis-shot" data-testid="analysis-shot" data-shot={shown ?? ""} aria-live="polite">
        {stroke ? (
          <>
            <p>
              <strong>{t("analysis.shot", { number: stroke.number, name: name(stroke.seat) })}</strong>{" "}
              <MarkWord mark={stroke.mark} />
            </p>
            <p data-testid="analysis-chances">
              {t("analysis.chances", { played: percent(stroke.played.chance), best: percent(stroke.best.chance) })}
            </p>
            <p className="hint" data-testid="analysis-best">
              {stroke.loss === 0 && stroke.best.chance === stroke.played.chance
                ? t("analysis.sameAsPlayed")
                : bestStrokeText(stroke.best, t, i18n.language === "en" ? "en" : "ru")}
            </p>
            <button
              type="button"
              className="analysis-action"
              data-testid="analysis-ghosts"
              aria-pressed={props.ghostsShown}
              onClick={() => props.onGhosts(!props.ghostsShown)}
            >
              {props.ghostsShown ? t("analysis.hideGhost") : t("analysis.showGhost")}
            </button>
          </>
        ) : (
          <p className="hint">{t("analysis.notAnalysed")}</p>
        )}
      </div>
      <h4>{t("analysis.moments")}</h4>
      <ul className="analysis-moments" data-testid="analysis-moments">
        {moments.turningPoint !== null && data.result?.winner != null && (
          <li>
            {open(
              moments.turningPoint,
              t("analysis.turning", { number: moments.turningPoint, name: name(data.result.winner) }),
            )}
          </li>
        )}
        {deciding && (
          <li>
            {open(
              deciding.number,
              t("analysis.deciding", { number: deciding.number, name: name(deciding.seat) }),
              deciding.mark,
            )}
          </li>
        )}
        {moments.dearest.map((s) => (
          <li key={s.number}>
            {open(
              s.number,
              t("analysis.dearest", {
                number: s.number,
                name: name(s.seat),
                mark: t(`analysis.marks.${s.mark}`),
                loss: loss(s.loss),
              }),
              s.mark,
            )}
          </li>
        ))}
        {moments.dearest.length === 0 && <li className="hint">{t("analysis.noMoments")}</li>}
      </ul>
      <div className="hint analysis-legend">
        <span className="analysis-legend-marks">
          {(["good", "inaccuracy", "mistake", "blunder"] as const).map((mark) => (
            <MarkWord key={mark} mark={mark} />
          ))}
        </span>
        <span>{t("analysis.legend", thresholds)}</span>
      </div>
    </>
  );
}

/** A mark in its colour and its word: read, not only seen. */
export function MarkWord({ mark }: { readonly mark: string }) {
  const { t } = useTranslation();
  return (
    <span className={`analysis-word analysis-${mark}`} data-mark={mark}>
      <span className={`analysis-mark analysis-${mark}`} aria-hidden="true" />
      {t(`analysis.marks.${mark}`)}
    </span>
  );
}

function formatPercent(x: number, language: string): string {
  return `${Math.round(x * 100).toLocaleString(language === "en" ? "en" : "ru")} %`;
}

function bestStrokeText(best: BestStroke, t: TFunction, language: "ru" | "en"): string {
  const calls = best.call.map((c) => {
    const called = t(c.ball === best.shot.cue ? "analysis.own" : "analysis.call", {
      ball: ballName(c.ball, language),
      pocket: pocketName(c.pocket, language),
    });
    return c.way === "bank" ? `${called} ${t("analysis.bank")}` : called;
  });
  const call = calls.length > 0 ? calls.join(", ") : t("analysis.noCall");
  const text = t("analysis.bestStroke", { cue: ballName(best.shot.cue, language), call });
  return best.place ? `${text}; ${t("analysis.place")}` : text;
}

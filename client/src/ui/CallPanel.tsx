import { POCKET_IDS, type PocketId } from "@habibka/shared/table";
import { useTranslation } from "react-i18next";
import type { CalledBall, Way } from "../net/messages.ts";
import { BallIcon } from "./BallIcon.tsx";
import { calledBallText } from "./call-text.ts";

interface Props {
  readonly call: readonly CalledBall[];
  readonly cue: number;
  readonly pending: number | null;
  readonly editable: boolean;
  readonly onPocket: (pocket: PocketId) => void;
  readonly onOwn: () => void;
  readonly onWay: (ball: number, way: Way) => void;
  readonly onRemove: (ball: number) => void;
  readonly onClear: () => void;
}

/**
 * The call [заказ]: up to two balls, each with its pocket and way (прямо or дуплет); свояк calls the cue
 * ball itself. Balls are picked on the table; pockets on the table or with these buttons.
 */
export function CallPanel({ call, cue, pending, editable, onPocket, onOwn, onWay, onRemove, onClear }: Props) {
  const { t } = useTranslation();
  return (
    <section className="call-panel" aria-label={t("call.title")} data-testid="call-panel">
      <h3>{editable ? t("call.title") : t("call.shown")}</h3>
      {call.length === 0 ? (
        <p data-testid="call-summary">{t("call.none")}</p>
      ) : (
        <ul className="call-list" data-testid="call-summary">
          {call.map((c) => (
            <li key={c.ball}>
              <BallIcon id={c.ball} size={18} /> {calledBallText(c, cue, t)}
              {editable && (
                <>
                  <button
                    type="button"
                    data-testid={`call-way-${c.ball}`}
                    onClick={() => onWay(c.ball, c.way === "direct" ? "bank" : "direct")}
                  >
                    {c.way === "direct" ? t("call.bank") : t("call.direct")}
                  </button>
                  <button type="button" aria-label={t("call.remove")} onClick={() => onRemove(c.ball)}>
                    ×
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <>
          <p className="hint">{pending === null ? t("call.pick") : t("call.pickPocket", { ball: pending })}</p>
          <div className="pocket-buttons">
            {POCKET_IDS.map((p) => (
              <button
                key={p}
                type="button"
                data-testid={`pocket-${p}`}
                disabled={pending === null}
                title={t(`call.pockets.${p}`)}
                onClick={() => onPocket(p)}
              >
                {p}
              </button>
            ))}
          </div>
          <div className="row">
            <button type="button" data-testid="call-own" onClick={onOwn}>
              {t("call.own")}
            </button>
            <button type="button" data-testid="call-clear" onClick={onClear} disabled={call.length === 0}>
              {t("call.clear")}
            </button>
          </div>
          {call.length >= 2 && <small className="hint">{t("call.double")}</small>}
        </>
      )}
    </section>
  );
}

import { useTranslation } from "react-i18next";
import type { TableSnapshot } from "../net/table-snapshot.ts";
import { RematchButton } from "./RematchButton.tsx";

interface Props {
  readonly snapshot: TableSnapshot;
  readonly seat: 0 | 1 | null;
  /** Matches won at this table so far by seat 0 and seat 1, this one included. */
  readonly series: readonly [number, number];
  readonly onRematch: () => void;
  readonly onClose: () => void;
  readonly onLobby: () => void;
}

/** The end of a match, over the table: the winner and why, the score, the series at this table, the rematch. */
export function ResultOverlay({ snapshot, seat, series, onRematch, onClose, onLobby }: Props) {
  const { t } = useTranslation();
  const winner = snapshot.players[snapshot.winner]?.name ?? "—";
  const other = seat === null ? null : seat === 0 ? 1 : 0;
  const mine = seat !== null && snapshot.winner === seat;
  return (
    <div
      className="result-overlay"
      data-testid="result"
      role="dialog"
      aria-modal="false"
      aria-labelledby="result-title"
    >
      <div className="result-card">
        <h2 id="result-title">
          {seat === null
            ? t("table.winner", { name: winner })
            : mine
              ? t("result.youWon")
              : t("result.youLost", { name: winner })}
        </h2>
        {snapshot.finishReason && (
          <p className="hint">
            {t(`table.finish.${snapshot.finishReason}`, {
              name: snapshot.players[snapshot.winner === 0 ? 1 : 0]?.name ?? "",
              defaultValue: snapshot.finishReason,
            })}
          </p>
        )}
        <table className="result-score">
          <thead>
            <tr>
              <td />
              <th scope="col">{t("result.balls")}</th>
              <th scope="col">{t("result.series")}</th>
            </tr>
          </thead>
          <tbody>
            {([0, 1] as const).map((i) => (
              <tr key={i}>
                <th scope="row">{snapshot.players[i]?.name ?? "—"}</th>
                <td className="result-count" data-testid={`result-score-${i}`}>
                  {snapshot.players[i]?.shelf.length ?? 0}
                </td>
                <td className="result-count series" data-testid={`series-${i}`}>
                  {series[i]}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p data-testid="series-score">{t("result.seriesLine", { a: series[0], b: series[1] })}</p>
        {seat !== null && other !== null && snapshot.rematch[other] && !snapshot.rematch[seat] && (
          <p className="offer-line">{t("match.rematchOffered", { name: snapshot.players[other]?.name ?? "" })}</p>
        )}
        <div className="row">
          {seat !== null && <RematchButton snapshot={snapshot} seat={seat} onRematch={onRematch} testId="rematch" />}
          <button type="button" data-testid="result-close" onClick={onClose}>
            {t("result.close")}
          </button>
          <button type="button" onClick={onLobby}>
            {t("app.back")}
          </button>
        </div>
      </div>
    </div>
  );
}

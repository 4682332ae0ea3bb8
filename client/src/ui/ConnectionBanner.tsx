import { useTranslation } from "react-i18next";
import type { ConnectionStatus } from "../net/connection-status.ts";

interface Props {
  readonly status: ConnectionStatus;
  /** After the page gave up coming back by itself: try again. */
  readonly onRetry: () => void;
  readonly onLobby: () => void;
}

/** Tells the player when the table is not live: connecting, coming back to it, or closed. */
export function ConnectionBanner({ status, onRetry, onLobby }: Props) {
  const { t } = useTranslation();
  let text: string | null = null;
  if (status.kind === "connecting") text = t("table.connecting");
  // The SDK re-establishing the session and the page joining again are one wait to the player: one text.
  else if (status.kind === "reconnecting") text = t("table.connectionLost");
  else if (status.kind === "rejoining")
    text = status.reason === "restart" ? t("table.serverRestarting") : t("table.connectionLost");
  else if (status.kind === "gave-up") text = t("table.gaveUp");
  else if (status.kind === "taken-over") text = t("table.takenOver");
  else if (status.kind === "closed") text = t("table.closed");
  else if (status.kind === "error" && status.code === "too-many-waiting-tables")
    text = t("table.tooManyWaiting", { limit: status.limit ?? "" });
  else if (status.kind === "error" && status.code === "account-required") text = t("account.seatNeedsAccount");
  else if (status.kind === "error" && status.code === "forbidden") text = t("account.seatOfAnother");
  else if (status.kind === "error") text = t("table.error", { message: status.message });
  if (!text) return null;
  const reason = status.kind === "rejoining" || status.kind === "gave-up" ? status.reason : undefined;
  const alert = status.kind === "error" || status.kind === "gave-up";
  return (
    <div
      className={`banner ${status.kind}`}
      role={alert ? "alert" : "status"}
      data-testid="connection-banner"
      data-status={status.kind}
      data-reason={reason}
    >
      <span className="banner-text">{text}</span>
      {status.kind === "gave-up" && (
        <span className="banner-actions">
          <button type="button" data-testid="rejoin-retry" onClick={onRetry}>
            {t("table.tryAgain")}
          </button>
          <button type="button" data-testid="rejoin-lobby" onClick={onLobby}>
            {t("app.back")}
          </button>
        </span>
      )}
      {(status.kind === "error" || status.kind === "closed" || status.kind === "taken-over") && (
        <>
          {" "}
          <a href="/" className="banner-link">
            {t("app.back")}
          </a>
        </>
      )}
    </div>
  );
}

import { useTranslation } from "react-i18next";
import type { ConnectionStatus } from "../net/table-session.ts";

/** Tells the player when the table is not live: connecting, reconnecting, or closed. */
export function ConnectionBanner({ status }: { readonly status: ConnectionStatus }) {
  const { t } = useTranslation();
  let text: string | null = null;
  if (status.kind === "connecting") text = t("table.connecting");
  else if (status.kind === "reconnecting") text = t("table.reconnecting");
  else if (status.kind === "taken-over") text = t("table.takenOver");
  else if (status.kind === "closed") text = t("table.closed");
  else if (status.kind === "error") text = t("table.error", { message: status.message });
  if (!text) return null;
  return (
    <div
      className={`banner ${status.kind}`}
      role={status.kind === "error" ? "alert" : "status"}
      data-testid="connection-banner"
      data-status={status.kind}
    >
      {text}
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

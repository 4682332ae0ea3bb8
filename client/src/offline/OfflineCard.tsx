import { useTranslation } from "react-i18next";
import { chooseOffline, offlineReason, probeServer, useConnectivity } from "./connectivity.ts";
import "./offline.css";

/**
 * The lobby's word on the network: whether the page plays with the server or in this browser, and why (no
 * network, no server, the player's choice), with the one thing to do about it: «Играть без сети», «Вернуться
 * в сеть», or «Проверить снова». Never a spinner: an unanswered question to the server is an answer.
 */
export function OfflineCard() {
  const { t } = useTranslation();
  const state = useConnectivity();
  const reason = offlineReason(state);
  const words = {
    chosen: t("offline.chosen"),
    "no-network": t("offline.noNetwork"),
    "no-server": t("offline.noServer"),
  };
  const status = reason ? words[reason] : state.reach === "reached" ? t("offline.online") : t("offline.checking");
  return (
    <section
      className={`card offline-card${reason ? " is-offline" : ""}`}
      aria-labelledby="offline-title"
      data-testid="offline-card"
      data-offline={reason ?? ""}
    >
      <h2 id="offline-title">{t("offline.title")}</h2>
      <p role="status" data-testid="offline-status">
        {status}
      </p>
      {reason === null && <small className="hint">{t("offline.hint")}</small>}
      {reason === null && (
        <button type="button" data-testid="play-offline" onClick={() => chooseOffline(true)}>
          {t("offline.choose")}
        </button>
      )}
      {reason === "chosen" && (
        <button type="button" data-testid="back-online" onClick={() => chooseOffline(false)}>
          {t("offline.backOnline")}
        </button>
      )}
      {reason === "no-server" && (
        <button type="button" data-testid="check-again" onClick={() => void probeServer()}>
          {t("offline.tryAgain")}
        </button>
      )}
    </section>
  );
}

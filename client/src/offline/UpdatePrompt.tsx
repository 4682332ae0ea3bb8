import { useRegisterSW } from "virtual:pwa-register/react";
import "./offline.css";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** An installed app left open for days still hears of a new deploy: the service worker is asked this often. */
const CHECK_EVERY_MS = 60 * 60 * 1000;
/** The word that the game now works without the network stays this long. */
const READY_SHOWN_MS = 6_000;

/**
 * The service worker's two words to the player, quietly at the foot of the screen (at the top of a narrow one,
 * whose foot holds the controls): once, that the game is now kept in the browser and works without the
 * network; and, when a new deploy is out, that a new version is ready, with «Обновить». The new version never
 * takes over by itself: a reload under a player mid-shot would lose what he was doing, so it waits for his
 * click (or for every tab of the game to close).
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const [registration, setRegistration] = useState<ServiceWorkerRegistration | null>(null);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({ onRegisteredSW: (_url, registered) => setRegistration(registered ?? null) });

  // Asked again when the app comes back to the screen, and every hour while it stays there.
  useEffect(() => {
    if (!registration) return;
    const check = () => {
      if (document.visibilityState === "visible" && navigator.onLine) void registration.update().catch(() => {});
    };
    const timer = setInterval(check, CHECK_EVERY_MS);
    document.addEventListener("visibilitychange", check);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", check);
    };
  }, [registration]);

  useEffect(() => {
    if (!offlineReady) return;
    const timer = setTimeout(() => setOfflineReady(false), READY_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [offlineReady, setOfflineReady]);

  if (needRefresh) {
    return (
      <div className="app-notice" role="status" data-testid="update-prompt">
        <span>{t("update.ready")}</span>
        <button
          type="button"
          className="primary"
          data-testid="update-reload"
          onClick={() => void updateServiceWorker(true)}
        >
          {t("update.reload")}
        </button>
        <button type="button" data-testid="update-later" onClick={() => setNeedRefresh(false)}>
          {t("update.later")}
        </button>
      </div>
    );
  }
  if (offlineReady) {
    return (
      <div className="app-notice" role="status" data-testid="offline-ready">
        <span>{t("update.offlineReady")}</span>
      </div>
    );
  }
  return null;
}

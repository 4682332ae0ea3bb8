import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { isMuted, setMuted, subscribeMuted } from "../game/sound.ts";
import { type Language, setLanguage } from "../i18n/index.ts";

/** A drawn speaker: emoji glyphs are missing from many systems' fonts. */
function SpeakerIcon({ muted }: { readonly muted: boolean }) {
  return (
    <svg width="18" height="16" viewBox="0 0 18 16" aria-hidden="true">
      <path d="M1 5h4l5-4v14l-5-4H1z" fill="currentColor" />
      {muted ? (
        <path d="M12 5l5 6M17 5l-5 6" stroke="currentColor" strokeWidth="1.8" />
      ) : (
        <path d="M12.5 4.5a5 5 0 0 1 0 7M14.5 2.5a8 8 0 0 1 0 11" stroke="currentColor" strokeWidth="1.5" fill="none" />
      )}
    </svg>
  );
}

interface Props {
  readonly onRules: () => void;
  /** Before each button's test id: the site's header has none, a phone's table menu (where it stands in for
   * the header) its own, so that each button is found in one place. */
  readonly idPrefix?: string;
}

/** The site's own switches: the language, the sound and the rules. */
export function SiteTools({ onRules, idPrefix = "" }: Props) {
  const { t, i18n } = useTranslation();
  const muted = useSyncExternalStore(subscribeMuted, isMuted);
  const language = i18n.language as Language;
  return (
    <>
      <button
        type="button"
        data-testid={`${idPrefix}language-switch`}
        aria-label={t("app.language")}
        onClick={() => setLanguage(language === "ru" ? "en" : "ru")}
      >
        <span className="long">{language === "ru" ? "English" : "Русский"}</span>
        <span className="short" aria-hidden="true">
          {language === "ru" ? "EN" : "RU"}
        </span>
      </button>
      <button
        type="button"
        data-testid={`${idPrefix}mute`}
        aria-pressed={muted}
        aria-label={muted ? t("app.unmute") : t("app.mute")}
        onClick={() => setMuted(!muted)}
      >
        <SpeakerIcon muted={muted} />
      </button>
      <button type="button" data-testid={`${idPrefix}open-rules`} aria-label={t("app.rules")} onClick={onRules}>
        <span className="long">{t("app.rules")}</span>
        <span className="short" aria-hidden="true">
          ?
        </span>
      </button>
    </>
  );
}

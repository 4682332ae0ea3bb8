import { useTranslation } from "react-i18next";

interface Props {
  readonly onWatch: () => void;
  readonly onLobby: () => void;
}

/** «Сесть» at a table whose two seats are taken: the player is told, and stays to watch or goes back. */
export function SeatsTaken({ onWatch, onLobby }: Props) {
  const { t } = useTranslation();
  return (
    <div className="result-overlay" data-testid="seats-taken">
      <section className="result-card" role="alertdialog" aria-labelledby="seats-taken-title">
        <h2 id="seats-taken-title">{t("full.title")}</h2>
        <p>{t("full.text")}</p>
        <div className="row">
          <button type="button" className="primary" data-testid="watch-instead" onClick={onWatch}>
            {t("full.watch")}
          </button>
          <button type="button" data-testid="seats-taken-lobby" onClick={onLobby}>
            {t("app.back")}
          </button>
        </div>
      </section>
    </div>
  );
}

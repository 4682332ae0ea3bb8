import { useTranslation } from "react-i18next";

/** The practice table's tool: setting the balls by hand, or aiming a stroke. */
export type PracticeMode = "aim" | "arrange";

interface Props {
  readonly mode: PracticeMode;
  readonly onMode: (mode: PracticeMode) => void;
  /** A request is under way: the steps that would change the position under it wait. */
  readonly busy: "shot" | "hint" | null;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly onUndo: () => void;
  readonly onRedo: () => void;
  readonly menuOpen: boolean;
  readonly onMenu: () => void;
  readonly onRack: () => void;
  /** The position is one the rules take (a hint for another would be refused). */
  readonly canHint: boolean;
  readonly onHint: () => void;
  readonly onShare: () => void;
}

/** The practice table's status bar: the tool, undo and redo, a fresh rack, the computer's hint, a link. */
export function PracticeToolbar(props: Props) {
  const { mode, onMode, busy, menuOpen } = props;
  const { t } = useTranslation();
  return (
    <div className="status-bar practice-bar">
      <div className="practice-tools">
        <h2 className="practice-title">{t("practice.title")}</h2>
        <fieldset className="mode-switch">
          <button
            type="button"
            data-testid="practice-mode-arrange"
            aria-pressed={mode === "arrange"}
            onClick={() => onMode("arrange")}
          >
            {t("practice.arrange")}
          </button>
          <button
            type="button"
            data-testid="practice-mode-aim"
            aria-pressed={mode === "aim"}
            onClick={() => onMode("aim")}
          >
            {t("practice.aim")}
          </button>
        </fieldset>
        <button
          type="button"
          data-testid="practice-undo"
          disabled={!props.canUndo || busy !== null}
          aria-label={t("practice.undo")}
          title={t("practice.undo")}
          onClick={props.onUndo}
        >
          ↶
        </button>
        <button
          type="button"
          data-testid="practice-redo"
          disabled={!props.canRedo || busy !== null}
          aria-label={t("practice.redo")}
          title={t("practice.redo")}
          onClick={props.onRedo}
        >
          ↷
        </button>
        <button
          type="button"
          className="menu-button"
          data-testid="open-menu"
          aria-expanded={menuOpen}
          aria-label={menuOpen ? t("app.close") : t("practice.menu")}
          onClick={props.onMenu}
        >
          {menuOpen ? "×" : "☰"}
        </button>
        <button type="button" data-testid="practice-rack" disabled={busy !== null} onClick={props.onRack}>
          {t("practice.rack")}
        </button>
        <button
          type="button"
          data-testid="practice-hint"
          disabled={busy !== null || !props.canHint}
          onClick={props.onHint}
        >
          {busy === "hint" ? t("practice.hinting") : t("practice.hint")}
        </button>
        <button type="button" data-testid="practice-share" onClick={props.onShare}>
          {t("practice.share")}
        </button>
      </div>
    </div>
  );
}

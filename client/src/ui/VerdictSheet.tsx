import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

interface Props {
  readonly title: string;
  readonly text: string;
  readonly foul: boolean;
  readonly onClose: () => void;
}

/**
 * A verdict's sentences, one paragraph each: a long ruling reads more easily on a phone broken up. A
 * sentence starts with a capital, so the rule references («п. 6», «§ 6») stay whole.
 */
export function verdictSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…])\s+(?=[\p{Lu}«"])/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * The whole verdict over the table, for the line under it that has room for two lines only. A modal dialog:
 * Escape, the close button or a tap beside the sheet closes it, and focus returns to the line.
 */
export function VerdictSheet({ title, text, foul, onClose }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the dialog natively; the click is the backdrop's.
    <dialog
      ref={ref}
      className={`verdict-sheet${foul ? " foul" : ""}`}
      data-testid="verdict-sheet"
      aria-labelledby="verdict-sheet-title"
      onClose={onClose}
      onClick={(event) => {
        // A tap on the backdrop lands on the dialog itself, outside its content.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="verdict-sheet-body">
        <h2 id="verdict-sheet-title">{title}</h2>
        {verdictSentences(text).map((sentence) => (
          <p key={sentence}>{sentence}</p>
        ))}
        <button type="button" data-testid="verdict-sheet-close" onClick={onClose}>
          {t("app.close")}
        </button>
      </div>
    </dialog>
  );
}

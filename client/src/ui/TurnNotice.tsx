import { useEffect, useState } from "react";

export interface Notice {
  /** Changes for every new notice, so the same words can be announced twice. */
  readonly key: string;
  readonly text: string;
  readonly tone: "turn" | "info";
}

const SHOWN_MS = 3200;

/**
 * A short announcement over the table ("Ваш ход", the opponent's decision on an offer, the other's lag),
 * read out by screen readers and gone after a few seconds (or as soon as it no longer holds); the same
 * words stay in the log.
 */
export function TurnNotice({ notice }: { readonly notice: Notice | null }) {
  const [shown, setShown] = useState<Notice | null>(null);
  useEffect(() => {
    setShown(notice);
    if (!notice) return;
    const timer = setTimeout(() => setShown(null), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return (
    <div className="notice-slot" aria-live="assertive">
      {shown && (
        <p className={`notice ${shown.tone}`} data-testid="notice" key={shown.key}>
          {shown.text}
        </p>
      )}
    </div>
  );
}

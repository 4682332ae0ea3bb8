import { useState } from "react";
import { useTranslation } from "react-i18next";

interface Props {
  readonly link: string;
  /** What the button says before the link is copied. */
  readonly label: string;
  /** Test ids of the field and of its button. */
  readonly testId: string;
  readonly copyTestId: string;
}

/**
 * A link to hand on: shown in a field that selects itself, with a button that copies it. Where the clipboard
 * is refused (no permission, plain http) the link stays there to select by hand.
 */
export function CopyLink({ link, label, testId, copyTestId }: Props) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div className="row copy-link">
      <input readOnly value={link} data-testid={testId} aria-label={label} onFocus={(e) => e.target.select()} />
      <button
        type="button"
        data-testid={copyTestId}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(link);
            setCopied(true);
          } catch {
            setCopied(false);
          }
        }}
      >
        {copied ? t("table.copied") : label}
      </button>
    </div>
  );
}

import { useTranslation } from "react-i18next";
import type { TableSnapshot } from "../net/table-snapshot.ts";

/** Asks for the next match at this table; once asked, it waits for the opponent. */
export function RematchButton(props: {
  readonly snapshot: TableSnapshot;
  readonly seat: 0 | 1;
  readonly onRematch: () => void;
  readonly testId: string;
}) {
  const { t } = useTranslation();
  const asked = props.snapshot.rematch[props.seat] === true;
  return (
    <button type="button" className="primary" data-testid={props.testId} disabled={asked} onClick={props.onRematch}>
      {asked ? t("match.rematchAsked") : t("match.rematch")}
    </button>
  );
}

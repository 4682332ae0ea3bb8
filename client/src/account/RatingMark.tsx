import { useTranslation } from "react-i18next";
import type { Rating } from "./account-data.ts";

interface Props {
  readonly rating: Pick<Rating, "value" | "provisional">;
  readonly testId?: string;
}

/**
 * A rating as a number beside a name, rounded, with «?» while it is provisional (its deviation still wide:
 * few rated games), as players are used to reading it.
 */
export function RatingMark({ rating, testId }: Props) {
  const { t } = useTranslation();
  const value = Math.round(rating.value);
  return (
    <span
      className={`rating${rating.provisional ? " provisional" : ""}`}
      data-testid={testId}
      title={rating.provisional ? t("account.provisional", { value }) : t("account.rating", { value })}
    >
      {value}
      {rating.provisional ? "?" : ""}
    </span>
  );
}

import { useTranslation } from "react-i18next";
import type { PageShot } from "./match-data.ts";
import { markOf } from "./timeline.ts";

/** What the analysis says of a shot, by its number: its mark and the mark's word. */
export type ShotJudgement = (number: number) => { readonly mark: string; readonly word: string } | null;

interface Props {
  readonly shots: readonly PageShot[];
  readonly index: number;
  readonly onGo: (index: number) => void;
  readonly analysed?: ShotJudgement;
}

/**
 * The match's scrubber: a mark per shot, fouls and bonuses told apart, the shot shown marked current, and
 * each shot's analysis mark beside it once the match is analysed.
 */
export function ShotMarks({ shots, index, onGo, analysed }: Props) {
  const { t } = useTranslation();
  return (
    <ol className="shot-marks" aria-label={t("replay.matchScrubber")} data-testid="match-scrubber">
      {shots.map((s, i) => {
        const mark = markOf(s.message);
        const judged = analysed?.(s.message.number);
        return (
          <li key={`${s.message.kind}-${s.message.number}`}>
            <button
              type="button"
              className={`mark mark-${mark}${i === index ? " current" : ""}${judged ? ` analysed analysed-${judged.mark}` : ""}`}
              data-testid={`shot-mark-${s.message.number}`}
              data-mark={mark}
              data-analysis={judged?.mark}
              aria-current={i === index ? "step" : undefined}
              aria-label={`${t("replay.shotOf", { number: s.message.number, index: i + 1, count: shots.length })}: ${t(`replay.marks.${mark}`)}${judged ? `, ${judged.word}` : ""}`}
              title={`${s.message.number}: ${t(`replay.marks.${mark}`)}`}
              onClick={() => onGo(i)}
            />
          </li>
        );
      })}
    </ol>
  );
}

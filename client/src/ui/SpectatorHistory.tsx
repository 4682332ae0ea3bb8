import { lazy, Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { ShotRecord } from "../net/shot-record.ts";
import type { SeatNames } from "./verdict-text.ts";

// A spectator going back over the shots gets the match page's player, loaded when first asked for.
const MatchPlayer = lazy(() => import("../match-page/MatchPlayer.tsx").then((m) => ({ default: m.MatchPlayer })));

interface Props {
  readonly shots: readonly ShotRecord[];
  readonly names: SeatNames;
  readonly live: boolean;
  readonly onLeave: () => void;
}

/** A spectator's way back over the match's shots, over the table, while the match goes on under it. */
export function SpectatorHistory({ shots, names, live, onLeave }: Props) {
  const { t } = useTranslation();
  // The shots as the match player reads them (the table before each, as this page saw it).
  const pastShots = useMemo(
    () =>
      shots.map((record) => ({
        message: record.before ? { ...record.message, before: record.before } : record.message,
        rest: null,
        after: null,
        score: null,
      })),
    [shots],
  );
  return (
    <div className="history-overlay" data-testid="spectator-history">
      <Suspense fallback={<p className="hint">{t("replay.loading")}</p>}>
        <MatchPlayer shots={pastShots} names={names} startAt={null} live={live} onLeave={onLeave} />
      </Suspense>
    </div>
  );
}

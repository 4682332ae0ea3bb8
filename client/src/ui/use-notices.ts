import type { TFunction } from "i18next";
import { useEffect, useRef, useState } from "react";
import { announceTurn } from "../game/sound.ts";
import type { TurnRights } from "../game/turn-rights.ts";
import type { SessionState } from "../net/session-state.ts";
import { actionText } from "./action-text.ts";
import type { Notice } from "./TurnNotice.tsx";
import type { SeatNames } from "./verdict-text.ts";

/**
 * The announcements a player must not miss: his turn (with a chime and a buzz), the other side's decision
 * on an offer or resignation, and the other player's lag sent while his own is still due. Each is made once,
 * when it becomes due, however often the page renders.
 */
export function useNotices(state: SessionState, rights: TurnRights, names: SeatNames, t: TFunction): Notice | null {
  const [notice, setNotice] = useState<Notice | null>(null);
  const { snapshot, seat, actions } = state;
  const turnKey = `${snapshot.matchId}/${snapshot.shotNumber}/${snapshot.phase}`;
  const other = seat === 0 ? 1 : 0;
  const last = actions.at(-1);

  const turn: Notice | null =
    rights.canShoot || rights.canLag || rights.offerToMe
      ? {
          key: `turn-${turnKey}`,
          text: rights.canLag ? t("notice.lagTurn") : rights.offerToMe ? t("notice.offer") : t("notice.yourTurn"),
          tone: "turn",
        }
      : null;
  const action: Notice | null =
    last && last.seat !== seat
      ? { key: `action-${snapshot.matchId}-${actions.length}`, text: actionText(last, names, t), tone: "info" }
      : null;
  const lag: Notice | null =
    seat !== null && snapshot.phase === "lag" && snapshot.lagSent[other] === true && snapshot.lagSent[seat] !== true
      ? { key: `lag-${turnKey}`, text: t("lag.otherSent", { name: names[other] }), tone: "info" }
      : null;

  const due = useRef({ turn, action, lag });
  due.current = { turn, action, lag };
  const hadTurn = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: announced when the turn arrives, not on every render
  useEffect(() => {
    const now = due.current.turn;
    if (now && !hadTurn.current) {
      announceTurn();
      setNotice(now);
    }
    // The turn is over (the shot is away): its announcement goes with it.
    if (!now) setNotice((current) => (current?.tone === "turn" ? null : current));
    hadTurn.current = now !== null;
  }, [turn?.key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: announced once per new action
  useEffect(() => {
    if (due.current.action) setNotice(due.current.action);
  }, [action?.key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: announced once per lag
  useEffect(() => {
    if (due.current.lag) setNotice(due.current.lag);
  }, [lag?.key]);
  return notice;
}

import { useTranslation } from "react-i18next";
import type { TurnRights } from "../game/turn-rights.ts";
import type { SessionState } from "../net/session-state.ts";
import { lagLine } from "./WaitingDock.tsx";

/** The status bar's one line on whose turn it is, and what this player is to do in it. */
export function TurnLine({
  state,
  rights,
  playing,
}: {
  readonly state: SessionState;
  readonly rights: TurnRights;
  readonly playing: boolean;
}) {
  const { t } = useTranslation();
  const { snapshot } = state;
  const mover = snapshot.players[snapshot.toMove]?.name ?? "";
  let text = "";
  let mine = false;
  if (snapshot.phase === "waiting") text = t("table.waitingShort");
  else if (snapshot.phase === "finished") text = t("table.finished");
  else if (playing || snapshot.animating) text = t("table.animating");
  else if (snapshot.phase === "lag") {
    // The lag's full instruction is in the dock; the strip says only whose it is.
    text = rights.canLag ? t("notice.lagTurn") : lagLine(state, t);
    mine = rights.canLag;
  } else if (rights.myTurn) {
    mine = true;
    text = rights.offerToMe
      ? t("table.yourDecision")
      : snapshot.phase === "opening"
        ? t("opening.yours")
        : t("table.yourTurn");
  } else if (mover && snapshot.players[snapshot.toMove]?.connected === false) {
    text = t("table.moverAbsent", { name: mover });
  } else if (mover) {
    text = snapshot.offer !== "" ? t("table.theirDecision", { name: mover }) : t("table.theirTurn", { name: mover });
  }
  return (
    <p className={mine ? "turn-line mine" : "turn-line"} data-testid="turn-line" aria-live="polite">
      {text}
    </p>
  );
}

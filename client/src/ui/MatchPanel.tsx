import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SessionState, TableSession } from "../net/table-session.ts";
import { inviteLink } from "./player-name.ts";

interface Props {
  readonly session: TableSession;
  readonly state: SessionState;
  /** An offer waits for this page's player (or anyone's) answer. */
  readonly offerOpen: boolean;
  /** Take the bonus shot / play after the foul. */
  readonly onAccept: () => void;
}

/**
 * The match's decisions: the invite link while a seat is free, taking or passing an offered shot, resigning
 * (confirmed), the result and the rematch.
 */
export function MatchPanel({ session, state, offerOpen, onAccept }: Props) {
  const { t } = useTranslation();
  const { snapshot, seat } = state;
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);
  const seated = seat !== null;
  const link = state.code ? inviteLink(state.code, window.location.origin) : "";
  const inMatch = snapshot.phase === "lag" || snapshot.phase === "opening" || snapshot.phase === "play";
  const offerToMe = seated && offerOpen && snapshot.toMove === seat && !snapshot.animating;
  const otherName = snapshot.players[snapshot.toMove]?.name ?? "";

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // Clipboard refused (no permission, plain http): the link stays selectable in the field.
      setCopied(false);
    }
  }

  const othersOffer =
    snapshot.offer !== "" && snapshot.toMove !== seat && snapshot.phase === "play" && otherName !== "";
  const visible =
    (snapshot.phase === "waiting" && link !== "") ||
    offerToMe ||
    othersOffer ||
    snapshot.phase === "finished" ||
    (seated && inMatch);
  if (!visible) return null;

  return (
    <section className="match-panel">
      {snapshot.phase === "waiting" && link && (
        <div className="invite-box">
          <p>{t("table.waiting")}</p>
          <div className="row">
            <input
              readOnly
              value={link}
              data-testid="invite-link"
              aria-label={t("table.copyLink")}
              onFocus={(e) => e.target.select()}
            />
            <button type="button" data-testid="copy-link" onClick={copy}>
              {t("table.copyLink")}
            </button>
          </div>
          {copied && <small role="status">{t("table.copied")}</small>}
        </div>
      )}

      {offerToMe && (
        <div className="decision" data-testid="decision">
          <p>{snapshot.offer === "bonus" ? t("offer.bonus") : t("offer.foul")}</p>
          <div className="row">
            <button type="button" className="primary" data-testid="answer-accept" onClick={onAccept}>
              {snapshot.offer === "bonus" ? t("offer.bonusTake") : t("offer.foulPlay")}
            </button>
            <button
              type="button"
              data-testid="answer-pass"
              onClick={() => session.send("answer", { shotNumber: snapshot.shotNumber, accept: false })}
            >
              {snapshot.offer === "bonus" ? t("offer.bonusPass") : t("offer.foulPass")}
            </button>
          </div>
        </div>
      )}
      {othersOffer && (
        <p className="hint">
          {snapshot.offer === "bonus"
            ? t("offer.waitBonus", { name: otherName })
            : t("offer.waitFoul", { name: otherName })}
        </p>
      )}

      {snapshot.phase === "finished" && (
        <div className="result" data-testid="result" role="status">
          <p>
            <strong>{t("table.winner", { name: snapshot.players[snapshot.winner]?.name ?? "—" })}</strong>
            {snapshot.finishReason && (
              <> — {t(`table.finish.${snapshot.finishReason}`, { defaultValue: snapshot.finishReason })}</>
            )}
          </p>
          {seated && (
            <button
              type="button"
              className="primary"
              data-testid="rematch"
              disabled={snapshot.rematch[seat] === true}
              onClick={() => session.send("rematch", {})}
            >
              {snapshot.rematch[seat] ? t("match.rematchAsked") : t("match.rematch")}
            </button>
          )}
          {seated && snapshot.rematch[seat === 0 ? 1 : 0] && !snapshot.rematch[seat] && (
            <p>{t("match.rematchOffered", { name: snapshot.players[seat === 0 ? 1 : 0]?.name ?? "" })}</p>
          )}
        </div>
      )}

      {seated && inMatch && (
        <div className="resign">
          {confirming ? (
            <div role="alertdialog" aria-label={t("match.resignConfirm")} data-testid="resign-confirm">
              <p>{t("match.resignConfirm")}</p>
              <div className="row">
                <button
                  type="button"
                  className="danger"
                  data-testid="resign-yes"
                  onClick={() => {
                    setConfirming(false);
                    session.send("resign", {});
                  }}
                >
                  {t("match.yes")}
                </button>
                <button type="button" data-testid="resign-no" onClick={() => setConfirming(false)}>
                  {t("match.no")}
                </button>
              </div>
            </div>
          ) : (
            <button type="button" data-testid="resign" onClick={() => setConfirming(true)}>
              {t("match.resign")}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

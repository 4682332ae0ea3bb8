import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import "../i18n/account-words-loaded.ts";
import { serverNow } from "./account-api.ts";
import type { Challenge } from "./account-data.ts";
import { account, type ChallengeNotice } from "./account-store.ts";
import { problemText } from "./problem-text.ts";
import { useAccount } from "./use-account.ts";

/** Seconds as a countdown reads: 1:05. */
function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Re-renders every second while anything counts down. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!ticking) return;
    setNow(serverNow());
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

function Received({ challenge, left }: { readonly challenge: Challenge; readonly left: number }) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState("");
  const [busy, setBusy] = useState(false);
  async function answer(accept: boolean) {
    setBusy(true);
    const answered = accept ? await account.accept(challenge.id) : await account.decline(challenge.id);
    setBusy(false);
    if (!answered.ok) setRefusal(problemText(t, answered.problem));
  }
  return (
    <li className="challenge incoming" data-testid="challenge-incoming" data-challenge={challenge.id}>
      <span className="challenge-text">
        {t(challenge.rated ? "challenge.receivedRated" : "challenge.received", {
          name: challenge.from.name || t("account.unnamed"),
        })}
      </span>
      <span className="clock" data-testid="challenge-countdown" title={t("challenge.left")}>
        {countdown(left)}
      </span>
      <span className="row">
        <button
          type="button"
          className="primary"
          data-testid="challenge-accept"
          disabled={busy}
          onClick={() => void answer(true)}
        >
          {t("challenge.accept")}
        </button>
        <button type="button" data-testid="challenge-decline" disabled={busy} onClick={() => void answer(false)}>
          {t("challenge.decline")}
        </button>
      </span>
      {refusal && <span className="hint bad">{refusal}</span>}
    </li>
  );
}

function Sent({ challenge, left }: { readonly challenge: Challenge; readonly left: number }) {
  const { t } = useTranslation();
  return (
    <li className="challenge outgoing" data-testid="challenge-outgoing" data-challenge={challenge.id}>
      <span className="challenge-text">{t("challenge.sent", { name: challenge.to.name || t("account.unnamed") })}</span>
      <span className="clock" data-testid="challenge-countdown" title={t("challenge.left")}>
        {countdown(left)}
      </span>
      <button type="button" data-testid="challenge-withdraw" onClick={() => void account.withdraw(challenge.id)}>
        {t("challenge.withdraw")}
      </button>
    </li>
  );
}

/** How long a challenge's end stays said before it goes by itself. */
const NOTICE_MS = 12_000;

function Ended({ notice, onTable }: { readonly notice: ChallengeNotice; readonly onTable: (code: string) => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => account.dismissNotice(notice.id), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice.id]);
  const key = `challenge.ended.${notice.status}${notice.sent ? "Sent" : "Received"}`;
  return (
    <li className="challenge ended" data-testid="challenge-notice" data-status={notice.status} role="status">
      <span className="challenge-text">
        {t(key, { name: notice.name || t("account.unnamed"), code: notice.code ?? "" })}
      </span>
      {notice.status === "accepted" && notice.code && (
        <button type="button" onClick={() => onTable(notice.code!)}>
          {t("challenge.toTable")}
        </button>
      )}
      <button
        type="button"
        className="dismiss"
        aria-label={t("app.close")}
        onClick={() => account.dismissNotice(notice.id)}
      >
        ×
      </button>
    </li>
  );
}

interface Props {
  /** Opens a table by its code, seated. */
  readonly onTable: (code: string) => void;
}

/**
 * Challenges, wherever the player is on the site: one received, with «Принять»/«Отклонить» and its
 * countdown; one sent, with its countdown and «Отозвать»; and what became of those that ended, in words.
 * Loaded with the first challenge this page hears of.
 */
export default function ChallengeBar({ onTable }: Props) {
  const { incoming, outgoing, notices } = useAccount();
  const pending = incoming.length + outgoing.length > 0;
  const now = useNow(pending);
  const live = (list: readonly Challenge[]) => list.filter((c) => c.expiresAt > now);
  const received = live(incoming);
  const sent = live(outgoing);
  if (received.length + sent.length + notices.length === 0) return null;
  return (
    <ul className="challenge-bar" data-testid="challenge-bar" aria-live="polite">
      {received.map((c) => (
        <Received key={c.id} challenge={c} left={c.expiresAt - now} />
      ))}
      {sent.map((c) => (
        <Sent key={c.id} challenge={c} left={c.expiresAt - now} />
      ))}
      {notices.map((n) => (
        <Ended key={n.id} notice={n} onTable={onTable} />
      ))}
    </ul>
  );
}

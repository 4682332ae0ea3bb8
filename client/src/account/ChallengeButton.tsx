import { useState } from "react";
import { useTranslation } from "react-i18next";
import { account } from "./account-store.ts";
import { challengeRated, rememberChallengeRated } from "./challenge-preference.ts";
import { problemText } from "./problem-text.ts";
import { useAccount } from "./use-account.ts";

interface Props {
  readonly to: string;
  /** The button's words: «Вызвать» in a list, «Вызвать на партию» on a profile. */
  readonly label: string;
  readonly testId: string;
}

/**
 * Challenges a player in one tap, rated or not as the player's `RatedChoice` says; while the challenge
 * waits the button says so, and the challenge bar counts it down.
 */
export function ChallengeButton({ to, label, testId }: Props) {
  const { t } = useTranslation();
  const { outgoing } = useAccount();
  const [refusal, setRefusal] = useState("");
  const [busy, setBusy] = useState(false);
  const waiting = outgoing.some((c) => c.to.id === to);

  async function send() {
    setBusy(true);
    setRefusal("");
    const answer = await account.challenge(to, { rated: challengeRated() });
    setBusy(false);
    if (!answer.ok) setRefusal(problemText(t, answer.problem));
  }

  return (
    <>
      <button type="button" data-testid={testId} disabled={busy || waiting} onClick={() => void send()}>
        {waiting ? t("challenge.waiting") : label}
      </button>
      {refusal && <span className="hint bad">{refusal}</span>}
    </>
  );
}

/** Whether this player's challenges ask for a rated match; one box, remembered in this browser. */
export function RatedChoice({ testId }: { readonly testId: string }) {
  const { t } = useTranslation();
  const [rated, setRated] = useState(challengeRated);
  return (
    <label className="rated-choice">
      <input
        type="checkbox"
        data-testid={testId}
        checked={rated}
        onChange={(e) => {
          setRated(e.target.checked);
          rememberChallengeRated(e.target.checked);
        }}
      />
      {t("challenge.ratedChoice")}
    </label>
  );
}

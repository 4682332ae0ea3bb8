import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Me } from "./account-data.ts";
import { account } from "./account-store.ts";
import { problemText } from "./problem-text.ts";

interface Props {
  readonly me: Me;
}

/**
 * «Выйти» (this browser) and «Выйти на всех устройствах» (every session of the account), each asked again
 * first; an account without a passkey is told that signing out loses it for good.
 */
export function SignOutSection({ me }: Props) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<"here" | "everywhere" | null>(null);
  const [refusal, setRefusal] = useState("");

  async function signOut(everywhere: boolean) {
    const answer = await account.signOut(everywhere);
    if (!answer.ok) setRefusal(problemText(t, answer.problem));
  }

  return (
    <section className="sign-out" data-testid="sign-out">
      {asking === null ? (
        <div className="row">
          <button type="button" data-testid="sign-out-here" onClick={() => setAsking("here")}>
            {t("signOut.here")}
          </button>
          <button type="button" data-testid="sign-out-everywhere" onClick={() => setAsking("everywhere")}>
            {t("signOut.everywhere")}
          </button>
        </div>
      ) : (
        <div role="alertdialog" aria-labelledby="sign-out-question" className="sign-out-confirm">
          <p
            id="sign-out-question"
            className={me.passkeys === 0 ? "warning" : undefined}
            data-testid="sign-out-warning"
          >
            {me.passkeys === 0
              ? t("signOut.losesAccount")
              : asking === "here"
                ? t("signOut.askHere")
                : t("signOut.askEverywhere")}
          </p>
          <div className="row">
            <button
              type="button"
              className="danger"
              data-testid="sign-out-yes"
              onClick={() => void signOut(asking === "everywhere")}
            >
              {asking === "here" ? t("signOut.here") : t("signOut.everywhere")}
            </button>
            <button type="button" data-testid="sign-out-no" onClick={() => setAsking(null)}>
              {t("signOut.cancel")}
            </button>
          </div>
        </div>
      )}
      {refusal && <p className="hint bad">{refusal}</p>}
    </section>
  );
}

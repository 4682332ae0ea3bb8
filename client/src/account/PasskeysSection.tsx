import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Me } from "./account-data.ts";
import { account } from "./account-store.ts";
import {
  addPasskey,
  type CeremonyAnswer,
  listPasskeys,
  type Passkey,
  passkeysSupported,
  removePasskey,
  signInWithPasskey,
} from "./passkeys.ts";
import { problemText } from "./problem-text.ts";

interface Props {
  readonly me: Me;
}

/**
 * The account's passkeys [ключи доступа]: the list (when each was added and last used) with «Удалить», one
 * more added on this device, and signing in here with a passkey of another account, after which the page
 * starts over as that account.
 */
export function PasskeysSection({ me }: Props) {
  const { t, i18n } = useTranslation();
  const [keys, setKeys] = useState<readonly Passkey[] | null>(null);
  const [busy, setBusy] = useState(false);
  /** What the last action came to, said under its own button. */
  const [said, setSaid] = useState<{
    readonly text: string;
    readonly bad: boolean;
    readonly after: "add" | "sign-in";
  } | null>(null);
  const supported = passkeysSupported();

  const reload = useCallback(async () => {
    const answer = await listPasskeys();
    if (answer.ok) setKeys(answer.value);
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  const date = (at: number | null) =>
    at === null ? "" : new Date(at).toLocaleDateString(i18n.language, { dateStyle: "medium" });

  function failure(answer: CeremonyAnswer<unknown>): string {
    if (answer.ok) return "";
    return "ceremony" in answer ? t(`passkeys.ceremony.${answer.ceremony}`) : problemText(t, answer.problem);
  }

  async function add() {
    setBusy(true);
    setSaid(null);
    const answer = await addPasskey();
    setBusy(false);
    if (!answer.ok) {
      setSaid({ text: failure(answer), bad: true, after: "add" });
      return;
    }
    setSaid({ text: t("passkeys.added"), bad: false, after: "add" });
    void account.refreshMe();
    void reload();
  }

  async function remove(id: string) {
    const answer = await removePasskey(id);
    if (!answer.ok) {
      setSaid({ text: problemText(t, answer.problem), bad: true, after: "add" });
      return;
    }
    void account.refreshMe();
    void reload();
  }

  async function signIn() {
    setBusy(true);
    setSaid(null);
    const answer = await signInWithPasskey();
    if (answer.ok) {
      // Everything on the page was the other account's: start over as this one.
      window.location.reload();
      return;
    }
    setBusy(false);
    setSaid({ text: failure(answer), bad: true, after: "sign-in" });
  }

  const status = (after: "add" | "sign-in") =>
    said?.after === after && (
      <p className={said.bad ? "hint bad" : "hint"} role="status" data-testid="passkey-status">
        {said.text}
      </p>
    );

  return (
    <section className="passkeys" aria-labelledby="passkeys-title" data-testid="passkeys">
      <h3 id="passkeys-title">{t("passkeys.title")}</h3>
      <p className="hint">{t("passkeys.what")}</p>
      {!supported && <p className="hint bad">{t("passkeys.ceremony.unsupported")}</p>}
      {keys && keys.length > 0 && (
        <ul className="passkey-list" data-testid="passkey-list">
          {keys.map((key) => (
            <li key={key.id} data-testid="passkey">
              <span>
                {t("passkeys.addedOn", { date: date(key.createdAt) })}
                {" · "}
                {key.lastUsedAt === null ? t("passkeys.unused") : t("passkeys.usedOn", { date: date(key.lastUsedAt) })}
              </span>
              <button type="button" data-testid="remove-passkey" onClick={() => void remove(key.id)}>
                {t("passkeys.remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {keys?.length === 0 && (
        <p className="hint warning" data-testid="no-passkeys">
          {t("passkeys.none")}
        </p>
      )}
      <button
        type="button"
        // The account's first passkey is what this menu most wants of a player; a second one, less.
        className={keys?.length === 0 ? "primary" : undefined}
        data-testid="add-passkey"
        disabled={busy || !supported}
        onClick={() => void add()}
      >
        {t("passkeys.add")}
      </button>
      {status("add")}
      <h3>{t("passkeys.signInTitle")}</h3>
      <p className="hint">{t("passkeys.signInWhat")}</p>
      {me.passkeys === 0 && <p className="hint warning">{t("passkeys.signInLoses")}</p>}
      <button type="button" data-testid="passkey-sign-in" disabled={busy || !supported} onClick={() => void signIn()}>
        {t("passkeys.signIn")}
      </button>
      {status("sign-in")}
    </section>
  );
}

import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isValidName } from "../ui/player-name.ts";
import { account } from "./account-store.ts";
import { problemText } from "./problem-text.ts";

interface Props {
  readonly name: string | null;
}

/** The account's name, edited in place: the name every table, the lobby and his profile show. */
export function NameEditor({ name }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(name ?? "");
  const [state, setState] = useState<"idle" | "saving" | "saved" | "invalid">("idle");
  const [refusal, setRefusal] = useState("");

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!isValidName(draft)) {
      setState("invalid");
      return;
    }
    setState("saving");
    const answer = await account.rename(draft.trim());
    setRefusal(answer.ok ? "" : problemText(t, answer.problem));
    setState(answer.ok ? "saved" : "idle");
  }

  return (
    <form className="account-name-form" onSubmit={save}>
      <label className="field">
        <span>{t("lobby.name")}</span>
        <span className="row">
          <input
            data-testid="account-name-input"
            value={draft}
            maxLength={24}
            autoComplete="nickname"
            aria-invalid={state === "invalid"}
            onChange={(e) => {
              setDraft(e.target.value);
              setState("idle");
            }}
          />
          <button type="submit" data-testid="account-name-save" disabled={state === "saving" || draft === name}>
            {t("accountMenu.saveName")}
          </button>
        </span>
      </label>
      {state === "invalid" && <small className="hint bad">{t("lobby.nameInvalid")}</small>}
      {state === "saved" && (
        <small className="hint" role="status">
          {t("accountMenu.nameSaved")}
        </small>
      )}
      {refusal && <small className="hint bad">{refusal}</small>}
    </form>
  );
}

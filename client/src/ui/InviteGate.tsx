import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { wasWatching } from "../net/seat-tokens.ts";
import type { SessionTarget } from "../net/session-target.ts";
import { NameField } from "./NameField.tsx";
import { isValidName } from "./player-name.ts";

interface Props {
  readonly code: string;
  readonly name: string;
  readonly onName: (name: string) => void;
  readonly onOpen: (target: SessionTarget) => void;
}

/**
 * An invite link `/t/<code>`: a player whose name is remembered goes straight to the table (a reload
 * returns him to his seat); a new one gives a name first and chooses to sit or to watch.
 */
export function InviteGate({ code, name, onName, onOpen }: Props) {
  const { t } = useTranslation();
  const [remembered] = useState(() => isValidName(name));
  const [touched, setTouched] = useState(false);
  const nameOk = isValidName(name);

  const opened = useRef(false);
  useEffect(() => {
    if (remembered && !opened.current) {
      opened.current = true;
      onOpen({ kind: "join", code, watch: wasWatching(code) });
    }
  }, [remembered, code, onOpen]);

  if (remembered) return <p className="status-line">{t("table.connecting")}</p>;

  function submit(event: FormEvent, watch: boolean) {
    event.preventDefault();
    setTouched(true);
    if (nameOk) onOpen({ kind: "join", code, watch });
  }

  return (
    <form className="card invite" onSubmit={(e) => submit(e, false)}>
      <h2>{t("table.code", { code })}</h2>
      <NameField name={name} onName={onName} invalid={touched && !nameOk} />
      <div className="row">
        <button type="submit" className="primary" data-testid="sit-down">
          {t("lobby.sit")}
        </button>
        <button type="button" data-testid="watch-invite" onClick={(e) => submit(e, true)}>
          {t("lobby.watch")}
        </button>
      </div>
    </form>
  );
}

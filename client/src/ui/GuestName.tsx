import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { NameField } from "./NameField.tsx";
import { isValidName } from "./player-name.ts";

interface Props {
  /** A seat is free: the name can take it. */
  readonly freeSeat: boolean;
  readonly onSit: (name: string) => void;
  /** Keeps watching, under this name, so as to write in the chat. */
  readonly onName: (name: string) => void;
}

/**
 * A visitor who came by a link watches at once, as «Зритель»; this is where he gives a name: to sit down
 * while a seat is free, or to write in the chat. The name is kept here until he chooses, so typing it does
 * not open the table again with every letter.
 */
export function GuestName({ freeSeat, onSit, onName }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [touched, setTouched] = useState(false);
  const nameOk = isValidName(name);

  function submit(event: FormEvent, sit: boolean) {
    event.preventDefault();
    setTouched(true);
    if (!nameOk) return;
    if (sit) onSit(name.trim());
    else onName(name.trim());
  }

  return (
    <form
      className={`guest-name${freeSeat ? " with-seat" : ""}`}
      data-testid="guest-name"
      onSubmit={(e) => submit(e, freeSeat)}
    >
      <p className="hint">{freeSeat ? t("guest.sitHint") : t("guest.chatHint")}</p>
      <NameField name={name} onName={setName} invalid={touched && !nameOk} />
      <div className="row">
        {freeSeat && (
          <button type="submit" className="primary" data-testid="sit-down">
            {t("lobby.sit")}
          </button>
        )}
        <button
          type={freeSeat ? "button" : "submit"}
          data-testid="watch-invite"
          onClick={freeSeat ? (e) => submit(e, false) : undefined}
        >
          {t("guest.introduce")}
        </button>
      </div>
    </form>
  );
}

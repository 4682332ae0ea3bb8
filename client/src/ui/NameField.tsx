import { useTranslation } from "react-i18next";

interface Props {
  readonly name: string;
  readonly onName: (name: string) => void;
  /** Show the rule as an error (after a submit with an invalid name). */
  readonly invalid: boolean;
}

/** The player's name, with the rule it must follow (the server checks the same rule, PlayerName). */
export function NameField({ name, onName, invalid }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <label className="field">
        <span>{t("lobby.name")}</span>
        <input
          data-testid="name-input"
          value={name}
          onChange={(e) => onName(e.target.value)}
          maxLength={24}
          name="name"
          autoComplete="nickname"
          aria-invalid={invalid}
          aria-describedby="name-hint"
        />
      </label>
      <small id="name-hint" className={invalid ? "hint bad" : "hint"} data-testid="name-hint">
        {invalid ? (name.trim() === "" ? t("lobby.nameEmpty") : t("lobby.nameInvalid")) : t("lobby.nameHint")}
      </small>
    </>
  );
}

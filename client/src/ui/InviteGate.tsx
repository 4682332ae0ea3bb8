import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { wasWatching } from "../net/seat-tokens.ts";
import type { SessionTarget } from "../net/session-target.ts";
import { isValidName } from "./player-name.ts";

interface Props {
  readonly code: string;
  readonly name: string;
  readonly onOpen: (target: SessionTarget) => void;
}

/**
 * An invite link `/t/<code>`: whoever opens it is at the table at once. A player whose name is remembered
 * takes his place (a reload returns him to his seat, a spectator to watching); a visitor without a name
 * watches as «Зритель» and gives a name at the table, to sit while a seat is free or to chat (GuestName).
 */
export function InviteGate({ code, name, onOpen }: Props) {
  const { t } = useTranslation();
  const [remembered] = useState(() => isValidName(name));
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    onOpen({ kind: "join", code, watch: remembered ? wasWatching(code) : true });
  }, [remembered, code, onOpen]);

  return <p className="status-line">{t("table.connecting")}</p>;
}

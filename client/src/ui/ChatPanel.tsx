import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatBroadcast } from "../net/messages.ts";

interface Props {
  readonly lines: readonly ChatBroadcast[];
  /** False when the line could not be sent (the table is being joined): it stays to be sent again. */
  readonly onSend: (text: string) => boolean;
  /** Shown instead of the line to write: a visitor watching without a name gives one here first. */
  readonly guest?: ReactNode;
}

const MAX = 200;

/** Chat for players and spectators, each line with its author's role. */
export function ChatPanel({ lines, onSend, guest }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const list = listRef.current;
    if (list && lines.length > 0) list.scrollTop = list.scrollHeight;
  }, [lines.length]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    if (onSend(trimmed.slice(0, MAX))) setText("");
  }

  return (
    <section className="chat" aria-label={t("chat.title")}>
      <h3>{t("chat.title")}</h3>
      <ol ref={listRef} data-testid="chat-lines" aria-live="polite">
        {lines.length === 0 && <li className="hint">{t("chat.empty")}</li>}
        {lines.map((line) => (
          <li key={`${line.at}-${line.name}-${line.text}`}>
            <strong>{line.name}</strong> <span className={`role ${line.role}`}>{t(`chat.${line.role}`)}</span>:{" "}
            {line.text}
          </li>
        ))}
      </ol>
      {guest ?? (
        <form onSubmit={submit} className="row">
          <input
            data-testid="chat-input"
            value={text}
            maxLength={MAX}
            placeholder={t("chat.placeholder")}
            aria-label={t("chat.placeholder")}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" data-testid="chat-send">
            {t("chat.send")}
          </button>
        </form>
      )}
    </section>
  );
}

import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatBroadcast } from "../net/messages.ts";

const TOAST_MS = 4500;

export interface ChatNews {
  /** Lines from the others that came while the chat was out of sight. */
  readonly unread: number;
  /** The newest of them for a few seconds after it came, then null. */
  readonly toast: ChatBroadcast | null;
}

/**
 * What the chat has that the player has not seen: on a phone the chat is in the menu's sheet, so a line from
 * the opponent would otherwise leave no sign. Lines already there when the table opened, and this player's
 * own lines, are not news; opening the chat reads them all.
 */
export function useChatNews(lines: readonly ChatBroadcast[], seat: number | null, chatOpen: boolean): ChatNews {
  const seen = useRef(lines.length);
  const [toast, setToast] = useState<ChatBroadcast | null>(null);
  if (chatOpen) seen.current = lines.length;
  const fresh = lines.slice(seen.current).filter((line) => seat === null || line.seat !== seat);
  const newest = fresh.at(-1) ?? null;
  useEffect(() => {
    setToast(newest);
    if (!newest) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [newest]);
  return { unread: fresh.length, toast: chatOpen ? null : toast };
}

/** The unread count on the menu button (whose own label says it in words). */
export function UnreadBadge({ count }: { readonly count: number }) {
  if (count === 0) return null;
  return (
    <span className="unread-badge" data-testid="chat-unread" aria-hidden="true">
      {count > 9 ? "9+" : count}
    </span>
  );
}

/** A new line shown for a moment where the verdict line is; a tap on it opens the chat. */
export function ChatToast({ line, onOpen }: { readonly line: ChatBroadcast | null; readonly onOpen: () => void }) {
  const { t } = useTranslation();
  if (!line) return null;
  return (
    <button type="button" className="chat-toast" data-testid="chat-toast" onClick={onOpen} title={t("chat.open")}>
      {/* Two whole lines at most in the verdict line's height; the whole line is in the chat. */}
      <span className="chat-toast-text">
        <strong>{line.name}:</strong> {line.text}
      </span>
    </button>
  );
}

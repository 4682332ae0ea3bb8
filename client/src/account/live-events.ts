import { gameServerEndpoint } from "../net/endpoint.ts";

/**
 * The page's one stream of live events for its account, `GET /api/me/events` (Server-Sent Events,
 * docs/PROTOCOL.md): a challenge received, a challenge's end, a friend's table. The browser's EventSource
 * comes back by itself after a drop; a stream the server refused outright (too many streams from this
 * address, no session) it gives up on, so this opens it again after a pause that grows, and tells
 * `onOpen` every time the stream is (again) open, when events may have been missed.
 *
 * A tab left in the background lets its stream go after a minute and opens it again when it is looked at:
 * a browser keeps at most six connections to a site over HTTP/1.1, and a player with many tabs open would
 * otherwise have them all held by streams. Meanwhile his friends see him away, which he is.
 */

export interface LiveEventHandlers {
  readonly onOpen: () => void;
  /** The stream was refused: the session may have been revoked from another device. */
  readonly onRefused: () => void;
  readonly events: Readonly<Record<string, (data: unknown) => void>>;
}

const FIRST_PAUSE_MS = 5_000;
const LONGEST_PAUSE_MS = 60_000;
const HIDDEN_MS = 60_000;

/** An event's data as JSON, or undefined for what is not JSON. */
function parsed(data: unknown): unknown {
  if (typeof data !== "string" || data.length > 16_384) return undefined;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/** Opens the stream; the returned function closes it for good. */
export function followLiveEvents(handlers: LiveEventHandlers): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let away: ReturnType<typeof setTimeout> | undefined;
  let pause = FIRST_PAUSE_MS;
  let stopped = false;

  const close = () => {
    clearTimeout(retry);
    source?.close();
    source = null;
  };

  const open = () => {
    if (stopped || source || typeof EventSource === "undefined") return;
    const opened = new EventSource(`${gameServerEndpoint()}/api/me/events`, { withCredentials: true });
    source = opened;
    opened.onopen = () => {
      pause = FIRST_PAUSE_MS;
      handlers.onOpen();
    };
    opened.onerror = () => {
      // CONNECTING: the browser is already coming back. CLOSED: it will not, so we do, later.
      if (opened.readyState !== EventSource.CLOSED || stopped || source !== opened) return;
      source = null;
      handlers.onRefused();
      retry = setTimeout(open, pause * (0.8 + Math.random() * 0.4));
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    };
    for (const [type, handle] of Object.entries(handlers.events)) {
      opened.addEventListener(type, (event) => {
        const data = parsed((event as MessageEvent).data);
        if (data !== undefined) handle(data);
      });
    }
  };
  const onVisibility = () => {
    clearTimeout(away);
    if (document.visibilityState === "hidden") away = setTimeout(close, HIDDEN_MS);
    else open();
  };
  const watchesVisibility = typeof document !== "undefined" && typeof document.addEventListener === "function";
  if (watchesVisibility) document.addEventListener("visibilitychange", onVisibility);
  open();
  return () => {
    stopped = true;
    clearTimeout(away);
    close();
    if (watchesVisibility) document.removeEventListener("visibilitychange", onVisibility);
  };
}

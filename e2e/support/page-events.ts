import type { Page } from "playwright-core";

/**
 * What the file's pages did lately, for a wait that times out to say: their uncaught errors, their console
 * errors and their sockets opening and closing. "The shot never came" alone does not tell a page that threw
 * from a connection that dropped or a server that never sent it.
 */
const KEPT = 40;
const events: string[] = [];
let pages = 0;

function note(label: string, what: string): void {
  events.push(`${new Date().toISOString().slice(11, 23)} ${label} ${what}`);
  if (events.length > KEPT) events.shift();
}

/** Starts noting a new page's errors and sockets under a short label (its number and viewport). */
export function watchPage(page: Page): void {
  const size = page.viewportSize();
  const label = `[page ${++pages}${size ? ` ${size.width}×${size.height}` : ""}]`;
  // An init script that touches localStorage fails on about:blank, before the page is opened: not the game's.
  page.on("pageerror", (error) => {
    if (page.url().startsWith("http")) note(label, `error: ${error.message}`);
  });
  page.on("console", (message) => {
    if (message.type() === "error") note(label, `console: ${message.text().slice(0, 200)}`);
  });
  page.on("websocket", (socket) => {
    const path = new URL(socket.url()).pathname;
    note(label, `socket open ${path}`);
    socket.on("close", () => note(label, `socket closed ${path}`));
    socket.on("socketerror", (error) => note(label, `socket error ${path}: ${error}`));
  });
}

/** The events noted lately, one a line, or nothing when there were none. */
export function recentPageEvents(): string {
  return events.length === 0 ? "" : `\nlately on the pages:\n  ${events.join("\n  ")}`;
}

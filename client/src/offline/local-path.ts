/**
 * A table against the computer in this browser has an address of its own, `/local/<match id>`, so that a
 * reload (or reopening the installed app) goes on with the match where the record left it.
 */
const PREFIX = "/local/";
const ID = /^[0-9a-f-]{36}$/i;

export function localPath(matchId: string): string {
  return `${PREFIX}${matchId}`;
}

/** The match a `/local/<id>` address names, or null for any other address. */
export function localMatchFromPath(pathname: string): string | null {
  if (!pathname.startsWith(PREFIX)) return null;
  const id = pathname.slice(PREFIX.length).replace(/\/$/, "");
  return ID.test(id) ? id : null;
}

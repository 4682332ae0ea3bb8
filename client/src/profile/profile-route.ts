/**
 * The addresses of the players' pages: a profile (a player's own is his «Мои партии») and the leaderboard.
 * Their links are `/?p=<id>` and `/?leaders`, under the site's root, which the game server serves as the
 * client; `/p/<id>` and `/leaders` are read too, for a server that serves the client there. A friend is
 * added by his profile's link, so a link pasted into the friends list is read here as well.
 */

const PROFILE_PATH = /^\/p\/([\w-]{1,64})\/?$/;
const ID = /^[\w-]{1,64}$/;

export function profilePath(id: string): string {
  return `/?p=${encodeURIComponent(id)}`;
}

export const LEADERS_PATH = "/?leaders";

export function profileLink(id: string, origin: string): string {
  return `${origin}${profilePath(id)}`;
}

/** The player an address (its path and query) names, or null. */
export function profileFromLocation(pathname: string, search: string): string | null {
  const inPath = PROFILE_PATH.exec(pathname)?.[1];
  if (inPath) return inPath;
  if (pathname !== "/") return null;
  const id = new URLSearchParams(search).get("p");
  return id !== null && ID.test(id) ? id : null;
}

export function isLeadersLocation(pathname: string, search: string): boolean {
  return (
    pathname === "/leaders" ||
    pathname === "/leaders/" ||
    (pathname === "/" && new URLSearchParams(search).has("leaders"))
  );
}

/**
 * The player a pasted profile link names (`https://…/?p=<id>`, `…/p/<id>`, or the address without its
 * site), or null for anything else. The link's own site is not checked: only the id is used, and only with
 * this site's server.
 */
export function playerFromLink(text: string): string | null {
  try {
    const url = new URL(text.trim(), "http://any.invalid");
    return profileFromLocation(url.pathname, url.search);
  } catch {
    return null;
  }
}

/**
 * The addresses of the players' pages: a profile at `/p/<id>` (a player's own is his «Мои партии») and the
 * leaderboard at `/leaders`, both served by the game server as the client. A friend is added by his
 * profile's link, so a link pasted into the friends list is read here as well.
 */

const PROFILE_PATH = /^\/p\/([\w-]{1,64})\/?$/;

export function profilePath(id: string): string {
  return `/p/${encodeURIComponent(id)}`;
}

export const LEADERS_PATH = "/leaders";

export function profileLink(id: string, origin: string): string {
  return `${origin}${profilePath(id)}`;
}

/** The player an address's path names, or null. */
export function profileFromPath(pathname: string): string | null {
  return PROFILE_PATH.exec(pathname)?.[1] ?? null;
}

export function isLeadersPath(pathname: string): boolean {
  return pathname === LEADERS_PATH || pathname === `${LEADERS_PATH}/`;
}

/**
 * The player a pasted profile link names (`https://…/p/<id>`, or the address without its site), or null for
 * anything else. The link's own site is not checked: only the id is used, and only with this site's server.
 */
export function playerFromLink(text: string): string | null {
  try {
    return profileFromPath(new URL(text.trim(), "http://any.invalid").pathname);
  } catch {
    return null;
  }
}

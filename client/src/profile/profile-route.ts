/**
 * The addresses of the players' pages: a profile `/p/<id>` (a player's own is his «Мои партии») and the
 * leaderboard `/leaders`. A friend is added by his profile's link, so a link pasted into the friends list is
 * read here too.
 */

const PROFILE_PATH = /^\/p\/([\w-]{1,64})\/?$/;
export const LEADERS_PATH = "/leaders";

export function profilePath(id: string): string {
  return `/p/${encodeURIComponent(id)}`;
}

export function profileLink(id: string, origin: string): string {
  return `${origin}${profilePath(id)}`;
}

/** The player a path names, or null. */
export function profileFromPath(path: string): string | null {
  return PROFILE_PATH.exec(path)?.[1] ?? null;
}

export function isLeadersPath(path: string): boolean {
  return path === LEADERS_PATH || path === `${LEADERS_PATH}/`;
}

/**
 * The player a pasted profile link names (`https://…/p/<id>`, or the path alone), or null for anything
 * else. The link's own site is not checked: only the id is used, and only with this site's server.
 */
export function playerFromLink(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.startsWith("/")) return profileFromPath(trimmed);
  try {
    return profileFromPath(new URL(trimmed).pathname);
  } catch {
    return null;
  }
}

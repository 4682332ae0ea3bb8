/**
 * Where the game server is: the page's own origin in production (the server serves the client), and the
 * game server's default port when the page comes from Vite's dev server.
 */
export function gameServerEndpoint(location: Location = window.location): string {
  if (import.meta.env.DEV) return import.meta.env.VITE_GAME_SERVER ?? `${location.protocol}//${location.hostname}:2567`;
  return location.origin;
}

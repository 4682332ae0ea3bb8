import { ServerError } from "@colyseus/sdk";

/**
 * The reason a join by code was refused, as the server names it (`error` in its JSON answer): `no-such-table`
 * for a code that names no open table. A server without the front door answers Colyseus's own «room not
 * found» (522): the same reason.
 */
export function joinRefusalCode(error: unknown): string | undefined {
  if (!(error instanceof ServerError)) return undefined;
  const body = error.data as { error?: unknown } | undefined;
  if (typeof body?.error === "string") return body.error;
  if (error.code === 522 || (error.code === 404 && /not found/i.test(error.message))) return "no-such-table";
  return undefined;
}

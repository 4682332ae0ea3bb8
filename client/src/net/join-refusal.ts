import { MatchMakeError, ServerError } from "@colyseus/sdk";

/**
 * The reason a join by code was refused, as the server names it (`error` in its JSON answer, docs/PROTOCOL.md,
 * "HTTP"). The SDK's join keeps only the status and the message (a MatchMakeError), so the status says it:
 * a join by code is refused with 404 only for `no-such-table`, and a server without the front door answers
 * Colyseus's own «room not found» (522) for the same.
 */
export function joinRefusalCode(error: unknown): string | undefined {
  if (error instanceof ServerError) {
    const body = error.data as { error?: unknown } | undefined;
    if (typeof body?.error === "string") return body.error;
  }
  if (!(error instanceof ServerError || error instanceof MatchMakeError)) return undefined;
  return error.code === 404 || error.code === 522 ? "no-such-table" : undefined;
}

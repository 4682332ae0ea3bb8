import { gameServerEndpoint } from "../net/endpoint.ts";
import type { OfflineStore } from "./offline-store.ts";
import { workerEngine } from "./worker-engine.ts";

/**
 * Sends the finished matches this browser played without the network to the player's history on the server
 * (docs/PROTOCOL.md, "Offline matches"), once it can be reached: each is built from its record by the page's
 * worker (which has the fold), and marked kept, or refused with the server's reason, by the answer. A
 * refusal that may pass later (no session yet, a limit, a busy server, no network) leaves it waiting.
 */

/** Answers that settle a match for good: kept, or refused for what it is. */
const KEPT = new Set([200, 201]);
const REFUSED = new Set([400, 409, 413, 422]);

export async function sendOfflineMatches(store: OfflineStore): Promise<number> {
  const waiting = (await store.list()).filter((m) => m.result !== null && m.upload.kind === "waiting");
  if (waiting.length === 0) return 0;
  const endpoint = gameServerEndpoint();
  // The session cookie the history is kept under: the first visit's GET /api/me makes one.
  const me = await fetch(`${endpoint}/api/me`, { credentials: "same-origin" }).catch(() => null);
  if (!me?.ok) return 0;
  let settled = 0;
  for (const match of waiting) {
    const upload = await workerEngine().offlineUpload(match.id);
    if (!upload) {
      await store.setUpload(match.id, { kind: "refused", code: "unreadable", message: "the record cannot be read" });
      settled++;
      continue;
    }
    const answer = await fetch(`${endpoint}/api/offline-matches`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(upload),
    }).catch(() => null);
    if (!answer) return settled;
    if (KEPT.has(answer.status)) {
      await store.setUpload(match.id, { kind: "kept", at: Date.now() });
    } else if (REFUSED.has(answer.status)) {
      const body = (await answer.json().catch(() => null)) as { error?: unknown; message?: unknown } | null;
      await store.setUpload(match.id, {
        kind: "refused",
        code: typeof body?.error === "string" ? body.error : String(answer.status),
        message: typeof body?.message === "string" ? body.message.slice(0, 200) : "",
      });
    } else {
      return settled;
    }
    settled++;
  }
  return settled;
}

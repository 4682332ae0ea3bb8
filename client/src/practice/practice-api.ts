import type { ComputerLevel } from "@habibka/shared/match";
import type {
  CalledBall,
  PracticeHint,
  PracticePosition,
  PracticeShotAnswer,
  StrokeMessage,
} from "@habibka/shared/protocol";
import { gameServerEndpoint } from "../net/endpoint.ts";
import { connectivity, playsOffline, serverUnreachable } from "../offline/connectivity.ts";
import { workerEngine } from "../offline/worker-engine.ts";

/**
 * The practice table's two calls (docs/PROTOCOL.md, "The practice table"): a shot simulated and judged, and
 * the computer's hint. The server answers them; without it (no network, no server behind it, or the player's
 * choice) the page's own worker does, with the same code on the same engine (`@habibka/shared/practice`), so
 * the answer is the same. A refusal comes back as the server's own one-line message.
 */

export type Answer<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

type Call = "shot" | "hint";

/** What the server says when it refuses: our own JSON, `{ error, message }`; anything else is not our server. */
function refusalOf(json: unknown): string | null {
  const body = json as { error?: unknown; message?: unknown } | null;
  return typeof body?.error === "string" && typeof body.message === "string" ? body.message : null;
}

async function askServer<T>(call: Call, body: unknown): Promise<Answer<T> | null> {
  let response: Response;
  try {
    response = await fetch(`${gameServerEndpoint()}/api/practice/${call}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return null;
  }
  const json: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, value: json as T };
  const refused = refusalOf(json);
  // A proxy's 502 or 504 while the game server is down is no refusal of ours: the page plays on its own.
  return refused === null ? null : { ok: false, message: refused };
}

async function answer<T>(call: Call, body: unknown, local: () => Promise<Answer<T>>): Promise<Answer<T>> {
  if (!playsOffline(connectivity())) {
    const served = await askServer<T>(call, body);
    if (served) return served;
    serverUnreachable();
  }
  try {
    return await local();
  } catch {
    return { ok: false, message: "offline" };
  }
}

export function playPracticeShot(
  position: PracticePosition,
  stroke: StrokeMessage,
  call: readonly CalledBall[],
): Promise<Answer<PracticeShotAnswer>> {
  const body = { ...position, shot: stroke, call };
  return answer("shot", body, () => workerEngine().practiceShot(body));
}

export function askPracticeHint(position: PracticePosition, level: ComputerLevel): Promise<Answer<PracticeHint>> {
  const body = { ...position, level };
  return answer("hint", body, () => workerEngine().practiceHint(body));
}

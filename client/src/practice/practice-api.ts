import type { ComputerLevel } from "@habibka/shared/match";
import type {
  CalledBall,
  PracticeHint,
  PracticePosition,
  PracticeShotAnswer,
  StrokeMessage,
} from "@habibka/shared/protocol";
import { gameServerEndpoint } from "../net/endpoint.ts";

/**
 * The practice table's two calls to the server (docs/PROTOCOL.md, "The practice table"): a shot simulated
 * and judged, and the computer's hint. A refusal comes back as the server's own one-line message.
 */

export type Answer<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

async function post<T>(path: string, body: unknown): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(`${gameServerEndpoint()}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, message: "offline" };
  }
  const json = (await response.json().catch(() => null)) as { message?: unknown } | null;
  if (!response.ok) {
    return { ok: false, message: typeof json?.message === "string" ? json.message : `HTTP ${response.status}` };
  }
  return { ok: true, value: json as T };
}

export function playPracticeShot(
  position: PracticePosition,
  stroke: StrokeMessage,
  call: readonly CalledBall[],
): Promise<Answer<PracticeShotAnswer>> {
  return post("/api/practice/shot", { ...position, shot: stroke, call });
}

export function askPracticeHint(position: PracticePosition, level: ComputerLevel): Promise<Answer<PracticeHint>> {
  return post("/api/practice/hint", { ...position, level });
}

import type { PracticePosition } from "@habibka/shared/protocol";
import { decodePosition, POSITION_PARAM } from "./position-link.ts";

/** What /practice opens with: the link's position, or the rack and the reason the link was not used. */
export interface PracticeOpening {
  readonly initial: PracticePosition | null;
  readonly linkProblem: string | null;
}

export const PRACTICE_PATH = "/practice";

export function isPracticePath(pathname: string): boolean {
  return pathname === PRACTICE_PATH || pathname === `${PRACTICE_PATH}/`;
}

export function practiceOpening(search: string): PracticeOpening {
  const text = new URLSearchParams(search).get(POSITION_PARAM);
  if (text === null) return { initial: null, linkProblem: null };
  const read = decodePosition(text);
  return read.ok ? { initial: read.position, linkProblem: null } : { initial: null, linkProblem: read.detail };
}

import type { PracticePosition } from "@habibka/shared/protocol";
import { findPositionProblem, formatPath } from "@habibka/shared/sim";
import { BALL_RADIUS } from "@habibka/shared/table";

/**
 * A practice position as a link: the balls, both shelves in the order their balls came, the debts and the
 * opening, packed in bytes and written base64url, so a whole table fits in under 200 characters. An
 * opened link is checked as the server checks a position (the simulator's own position checks), so a link
 * that opens always plays.
 *
 * Bytes (version 1): version, flags (bit 0: the opening), the two debts, each shelf as its length and its
 * ids, the number of balls, then each ball as its id and x, y in micrometres (signed, 24 bits, big-endian).
 */

const VERSION = 1;
const MICRONS = 1e6;
const INT24 = 0x800000;
/** Balls that touched come back up to this much closer (two roundings of half a micrometre each way). */
const ROUNDING_SLACK = 3e-6;

export type LinkReading =
  | { readonly ok: true; readonly position: PracticePosition }
  | { readonly ok: false; readonly reason: "malformed" | "invalid"; readonly detail: string };

function toBase64Url(bytes: Uint8Array): string {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

export function encodePosition(position: PracticePosition): string {
  const bytes: number[] = [VERSION, position.match.opening ? 1 : 0];
  for (const debt of position.match.debt) bytes.push(Math.min(255, Math.max(0, debt)));
  for (const shelf of position.match.shelf) bytes.push(shelf.length, ...shelf);
  bytes.push(position.balls.length);
  for (const ball of position.balls) {
    bytes.push(ball.id);
    for (const value of [ball.x, ball.y]) {
      const n = (Math.round(value * MICRONS) + INT24) & 0xffffff;
      bytes.push(n >> 16, (n >> 8) & 0xff, n & 0xff);
    }
  }
  return toBase64Url(Uint8Array.from(bytes));
}

/** Balls that touched before the rounding may overlap by a micrometre after it: they are set touching again. */
function settle(balls: { id: number; x: number; y: number }[]): void {
  const contact = 2 * BALL_RADIUS;
  for (let pass = 0; pass < 8; pass++) {
    let moved = false;
    for (let i = 0; i < balls.length; i++) {
      for (let j = 0; j < i; j++) {
        const a = balls[i]!;
        const b = balls[j]!;
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        if (d >= contact || d < contact - ROUNDING_SLACK || d === 0) continue;
        const push = (contact - d) / 2 + 1e-9;
        const ux = (a.x - b.x) / d;
        const uy = (a.y - b.y) / d;
        a.x += ux * push;
        a.y += uy * push;
        b.x -= ux * push;
        b.y -= uy * push;
        moved = true;
      }
    }
    if (!moved) return;
  }
}

function readBytes(bytes: Uint8Array): PracticePosition | string {
  let at = 0;
  const next = () => {
    if (at >= bytes.length) throw new RangeError("the link ends too soon");
    return bytes[at++]!;
  };
  try {
    const version = next();
    if (version !== VERSION) return `unknown version ${version}`;
    const flags = next();
    const debt: [number, number] = [next(), next()];
    const shelf: number[][] = [];
    for (let player = 0; player < 2; player++) {
      const length = next();
      shelf.push(Array.from({ length }, next));
    }
    const count = next();
    const balls: { id: number; x: number; y: number }[] = [];
    for (let i = 0; i < count; i++) {
      const id = next();
      const [x, y] = [0, 1].map(() => (((next() << 16) | (next() << 8) | next()) - INT24) / MICRONS) as [
        number,
        number,
      ];
      balls.push({ id, x, y });
    }
    if (at !== bytes.length) return "the link is longer than its position";
    settle(balls);
    return { balls, match: { shelf: [shelf[0]!, shelf[1]!], debt, opening: (flags & 1) === 1 } };
  } catch (error) {
    return error instanceof RangeError ? error.message : "the link cannot be read";
  }
}

/** Reads a link's position, refusing one that is not a position the practice table can play. */
export function decodePosition(text: string): LinkReading {
  const bytes = fromBase64Url(text);
  if (!bytes || bytes.length === 0) return { ok: false, reason: "malformed", detail: "not base64url" };
  const position = readBytes(bytes);
  if (typeof position === "string") return { ok: false, reason: "malformed", detail: position };
  const ids = [...position.balls.map((b) => b.id), ...position.match.shelf.flat()];
  const badId = ids.find((id) => !Number.isInteger(id) || id < 0 || id > 15);
  if (badId !== undefined) return { ok: false, reason: "invalid", detail: `ball ${badId} is not a ball of the game` };
  const problem = findPositionProblem(position, { outOfPlay: true });
  if (problem) return { ok: false, reason: "invalid", detail: `${formatPath(problem.path)}: ${problem.message}` };
  return { ok: true, position };
}

/** The query parameter that carries the position on /practice. */
export const POSITION_PARAM = "p";

export function practiceLink(origin: string, position: PracticePosition): string {
  return `${origin}/practice?${POSITION_PARAM}=${encodePosition(position)}`;
}

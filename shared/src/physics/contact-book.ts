import type { SimBall } from "./ball.ts";
import type { Obstacle } from "./boundary.ts";
import { R } from "./constants.ts";

/** A contact ends once the gap has opened by this much; until then a repeated impact is the same contact. */
const CONTACT_SEPARATION = 0.0002;

/** Names a contact in progress by the two ids involved: a pair of balls, or a ball and a rail piece. */
type ContactKey = `ball ${number}-${number}` | `obstacle ${number}-${number}`;

/** A contact in progress, with what is needed to measure its gap. */
export type OpenContact =
  | { readonly kind: "ball"; readonly ball: SimBall; readonly other: SimBall }
  | { readonly kind: "obstacle"; readonly ball: SimBall; readonly obstacle: Obstacle };

/** The contacts in progress, so that one touch gives one event however many impulses it takes. */
export type ContactBook = Map<ContactKey, OpenContact>;

function keyOf(contact: OpenContact): ContactKey {
  return contact.kind === "ball"
    ? `ball ${contact.ball.id}-${contact.other.id}`
    : `obstacle ${contact.ball.id}-${contact.obstacle.index}`;
}

/** Records an impact; true when it opens a new contact (its first impulse, which the log reports). */
export function openContact(book: ContactBook, contact: OpenContact): boolean {
  const key = keyOf(contact);
  if (book.has(key)) return false;
  book.set(key, contact);
  return true;
}

function gapOf(contact: OpenContact): number {
  const { ball } = contact;
  if (!ball.onTable) return Number.POSITIVE_INFINITY;
  if (contact.kind === "ball") {
    const b = contact.other;
    return b.onTable ? Math.sqrt((b.x - ball.x) ** 2 + (b.y - ball.y) ** 2) - 2 * R : Number.POSITIVE_INFINITY;
  }
  const o = contact.obstacle;
  return o.kind === "wall"
    ? (ball.x - o.ax) * o.nx + (ball.y - o.ay) * o.ny - R
    : Math.sqrt((o.cx - ball.x) ** 2 + (o.cy - ball.y) ** 2) - o.reach;
}

/** Forgets contacts whose gap has opened (or whose ball has gone), so that the next touch is a new event. */
export function releaseSeparated(book: ContactBook): void {
  for (const [key, contact] of book) if (gapOf(contact) > CONTACT_SEPARATION) book.delete(key);
}

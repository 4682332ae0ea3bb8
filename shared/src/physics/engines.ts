import type { SimBall } from "./ball.ts";
import type { ContactFinder } from "./contact.ts";
import { exactContacts } from "./exact-contacts.ts";
import { planckContacts } from "./planck-contacts.ts";

/**
 * The physics engines. They share the whole billiards model and differ only in how contacts are found:
 * `exact` solves every time of impact in closed form (the default); `planck` asks Planck.js (its broad phase and
 * its continuous collision).
 */
export const ENGINE_NAMES = ["exact", "planck"] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

export const DEFAULT_ENGINE: EngineName = "exact";

/** Contact finding for one shot on these balls (world order). */
export function contactFinder(engine: EngineName, balls: readonly SimBall[]): ContactFinder {
  return engine === "planck" ? planckContacts(balls) : exactContacts;
}

/**
 * A table made for an accepted challenge keeps its two seats for the two accounts (seat 0 the challenger):
 * the accounts come to the room in its create options, under a name no client can send (the front door
 * refuses every option the protocol does not have; the server makes such tables itself, accounts/).
 */
export const INVITED_OPTION = "invited";

/** The create options without the invitation, and the invited accounts (null for an open table). */
export function takeInvitation(options: unknown): {
  readonly options: unknown;
  readonly invited: readonly [string, string] | null;
} {
  if (typeof options !== "object" || options === null || !(INVITED_OPTION in options)) {
    return { options, invited: null };
  }
  const { [INVITED_OPTION]: invited, ...rest } = options as Record<string, unknown>;
  const valid =
    Array.isArray(invited) && invited.length === 2 && invited.every((id) => typeof id === "string" && id.length > 0);
  return { options: rest, invited: valid ? [invited[0] as string, invited[1] as string] : null };
}

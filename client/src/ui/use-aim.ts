import { useCallback, useState } from "react";
import {
  type AimDraft,
  type AimState,
  draftForTurn,
  freshAim,
  type TurnOf,
  turnKey,
  withAimPatch,
} from "../game/aim-draft.ts";

export type { AimState } from "../game/aim-draft.ts";

/** The player's stroke being composed, kept for as long as the table shows the same turn (aim-draft.ts). */
export function useAim(table: TurnOf) {
  const [draft, setDraft] = useState<AimDraft>(() => ({ turn: turnKey(table), aim: freshAim(table.phase) }));
  const current = draftForTurn(draft, table);
  // A new turn is taken in during the render that first shows it, so no frame draws the old turn's aim.
  if (current !== draft) setDraft(current);
  const update = useCallback((patch: Partial<AimState>) => setDraft((d) => withAimPatch(d, patch)), []);
  return [current.aim, update] as const;
}

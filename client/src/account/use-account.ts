import { useSyncExternalStore } from "react";
import { type AccountState, account } from "./account-store.ts";

/** The page's account, re-rendering the component whenever it changes. */
export function useAccount(): AccountState {
  return useSyncExternalStore(account.subscribe, account.getState);
}

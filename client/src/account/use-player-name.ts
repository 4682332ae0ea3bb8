import { useState } from "react";
import { useTranslation } from "react-i18next";
import { forgetStoredName, rememberName, storedName } from "../ui/player-name.ts";
import { account } from "./account-store.ts";
import { problemText } from "./problem-text.ts";
import { useAccount } from "./use-account.ts";

export interface PlayerName {
  /** Whether the server has said who this is (or could not): until then a table cannot be opened by name. */
  readonly known: boolean;
  /** The name as typed, else the account's. */
  readonly name: string;
  readonly setName: (name: string) => void;
  /**
   * Makes the name typed the account's (`PATCH /api/me`) before a table is opened with it; answers what was
   * wrong, in words, or null. Without an account (the server could not say who this is) the name is kept
   * in this browser as before accounts existed.
   */
  readonly commit: (name: string) => Promise<string | null>;
  /** A name typed before accounts existed, offered once to an account that has none. */
  readonly offered: string | null;
  readonly answerOffer: (take: boolean) => Promise<void>;
}

/** The player's name: the account's, edited in the lobby or given at a table. */
export function usePlayerName(): PlayerName {
  const { t } = useTranslation();
  const { status, me } = useAccount();
  const [draft, setDraft] = useState<string | null>(null);
  const [stored, setStored] = useState(storedName);
  const offline = status === "offline";
  const name = draft ?? me?.name ?? (offline ? stored : "");

  async function commit(given: string): Promise<string | null> {
    const trimmed = given.trim();
    if (offline || !me) {
      rememberName(trimmed);
      return null;
    }
    if (me.name === trimmed) return null;
    const answer = await account.rename(trimmed);
    if (!answer.ok) return problemText(t, answer.problem);
    setDraft(null);
    return null;
  }

  async function answerOffer(take: boolean): Promise<void> {
    const legacy = stored;
    forgetStoredName();
    setStored("");
    if (take && legacy) await commit(legacy);
  }

  return {
    known: status !== "loading",
    name,
    setName: setDraft,
    commit,
    offered: status === "ready" && me?.name === null && draft === null && stored !== "" ? stored : null,
    answerOffer,
  };
}

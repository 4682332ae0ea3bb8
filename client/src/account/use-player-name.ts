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
   * Makes the name typed the account's (`PATCH /api/me`) before a table is opened with it; answers, in
   * words, why the server refused the name, or null. Without an account (the server could not say who this is) the name is kept
   * in this browser as before accounts existed.
   */
  readonly commit: (name: string) => Promise<string | null>;
  /**
   * A name typed before accounts existed, offered once to an account that has none (meanwhile it is the
   * name tables are opened with, as before).
   */
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
  // A name kept from before accounts is still the player's until his account has one (or he drops it).
  const name = draft ?? me?.name ?? stored;

  async function commit(given: string): Promise<string | null> {
    const trimmed = given.trim();
    if (offline || !me) {
      rememberName(trimmed);
      return null;
    }
    if (me.name === trimmed) return null;
    const answer = await account.rename(trimmed);
    // Only a name the server refuses stops the player; a server that did not answer still seats him by the
    // name he typed (the join carries it), and the account keeps its own until the next try.
    if (!answer.ok) return answer.problem.status === 400 ? problemText(t, answer.problem) : null;
    setDraft(null);
    // The account has a name of its own now: the one kept from before is not offered again.
    forgetStoredName();
    setStored("");
    return null;
  }

  async function answerOffer(take: boolean): Promise<void> {
    const legacy = stored;
    forgetStoredName();
    setStored("");
    if (take && legacy) await commit(legacy);
    else setDraft("");
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

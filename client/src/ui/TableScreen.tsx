import { useEffect, useState, useSyncExternalStore } from "react";
import { rememberMatch } from "../net/my-matches.ts";
import type { SessionTarget } from "../net/session-target.ts";
import { TableSession } from "../net/table-session.ts";
import { TableView } from "./TableView.tsx";

interface Props {
  readonly name: string;
  readonly target: SessionTarget;
  readonly onLobby: () => void;
}

/** Opens the table session for this screen's lifetime and shows the table. */
export function TableScreen({ name, target, onLobby }: Props) {
  const [session, setSession] = useState<TableSession | null>(null);

  useEffect(() => {
    const opened = new TableSession(name);
    setSession(opened);
    void opened.open(target);
    return () => opened.close();
  }, [name, target]);

  if (!session) return null;
  return <SessionView session={session} onLobby={onLobby} />;
}

function SessionView({ session, onLobby }: { readonly session: TableSession; readonly onLobby: () => void }) {
  const state = useSyncExternalStore(session.subscribe, session.getState);

  // A new table gets its invite link as the address, so a reload comes back to it.
  useEffect(() => {
    if (state.code && window.location.pathname !== `/t/${state.code}`) {
      window.history.replaceState(null, "", `/t/${state.code}`);
    }
  }, [state.code]);

  // A match this browser plays is listed in the lobby's «Мои партии».
  const playing = state.role === "player" ? state.live.matchId : "";
  useEffect(() => {
    if (playing) rememberMatch(playing);
  }, [playing]);

  return <TableView session={session} state={state} onLobby={onLobby} />;
}

import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { account } from "../account/account-store.ts";
import { rememberMatch, rememberTableMatch } from "../net/my-matches.ts";
import type { SessionTarget } from "../net/session-target.ts";
import { TableSession } from "../net/table-session.ts";
import { localPath } from "../offline/local-path.ts";
import { isValidName } from "./player-name.ts";
import { TableGone } from "./TableGone.tsx";
import { type Guest, TableView } from "./TableView.tsx";

interface Props {
  readonly name: string;
  readonly target: SessionTarget;
  readonly onLobby: () => void;
  /** Opens the rules (from a phone's table menu, where the site's header is not shown). */
  readonly onRules: () => void;
  /** Opens a match's page in place of a table that is gone. */
  readonly onMatch: (id: string) => void;
  /** A visitor without a name gives one: to sit at the table (`sit`), or to keep watching and chat. */
  readonly onGuestName: (name: string, sit: boolean) => void;
}

/**
 * Opens the table session for this screen's lifetime and shows the table. A visitor without a name watches
 * under the spectators' name («Зритель»: the server wants one) until he gives his own.
 */
export function TableScreen({ name, target, onLobby, onRules, onMatch, onGuestName }: Props) {
  const { t } = useTranslation();
  const [session, setSession] = useState<TableSession | null>(null);
  const [guestName] = useState(() => t("guest.name"));
  // A guest who asked to sit keeps watching under the name he watched by until his seat's join replaces this
  // screen: his account takes the new name a moment before the route turns to sitting, and a join to watch
  // under it meanwhile would only be left again at once.
  const [sittingFrom, setSittingFrom] = useState<string | null>(null);
  const named = isValidName(name);
  const joinAs = sittingFrom ?? (named ? name : guestName);

  useEffect(() => {
    const opened = new TableSession(joinAs);
    setSession(opened);
    void opened.open(target);
    return () => opened.close();
  }, [joinAs, target]);

  if (!session) return null;
  const guest: Guest | null = named
    ? null
    : {
        onSit: (n) => {
          if (target.kind === "join") setSittingFrom(joinAs);
          onGuestName(n, true);
        },
        onName: (n) => {
          setSittingFrom(null);
          onGuestName(n, false);
        },
      };
  return (
    <SessionView
      session={session}
      target={target}
      guest={guest}
      onLobby={onLobby}
      onRules={onRules}
      onMatch={onMatch}
    />
  );
}

interface ViewProps {
  readonly session: TableSession;
  readonly target: SessionTarget;
  readonly guest: Guest | null;
  readonly onLobby: () => void;
  readonly onRules: () => void;
  readonly onMatch: (id: string) => void;
}

function SessionView({ session, target, guest, onLobby, onRules, onMatch }: ViewProps) {
  const state = useSyncExternalStore(session.subscribe, session.getState);

  // A new table gets its invite link as the address, so a reload comes back to it; a table in this page,
  // its match's own address.
  const local = target.kind === "local";
  const address = local
    ? state.live.matchId
      ? localPath(state.live.matchId)
      : ""
    : state.code
      ? `/t/${state.code}`
      : "";
  useEffect(() => {
    if (address && window.location.pathname !== address) window.history.replaceState(null, "", address);
  }, [address]);

  // A match this browser plays is listed in the lobby's «Мои партии», and its table's link leads to it later.
  const playing = state.role === "player" ? state.live.matchId : "";
  useEffect(() => {
    if (!playing) return;
    rememberMatch(playing);
    if (state.code) rememberTableMatch(state.code, playing);
  }, [playing, state.code]);

  // A finished rated match moves the player's rating once it is settled, which the table shows on his seat:
  // the header reads the account again then.
  const seatRating = state.seat === null ? undefined : state.snapshot.players[state.seat]?.rating?.value;
  const finishedAt = state.role === "player" && state.snapshot.phase === "finished" ? `rating ${seatRating}` : "";
  useEffect(() => {
    if (finishedAt) void account.refreshMe();
  }, [finishedAt]);

  const { status } = state;
  if (target.kind === "join" && status.kind === "error" && status.code === "no-such-table") {
    return <TableGone code={target.code} onLobby={onLobby} onMatch={onMatch} />;
  }
  return <TableView session={session} state={state} guest={guest} onLobby={onLobby} onRules={onRules} />;
}

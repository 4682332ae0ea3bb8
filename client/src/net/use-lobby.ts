import type { Room } from "@colyseus/sdk";
import { useEffect, useState } from "react";
import { gameClient } from "./game-client.ts";
import {
  type LobbyEntries,
  type LobbyRoomInfo,
  lobbyFromRooms,
  lobbyWithoutRoom,
  lobbyWithRoom,
} from "./lobby-list.ts";

export type LobbyStatus = "connecting" | "live" | "offline";

/** Follows the `lobby` room: the live list of public tables (docs/PROTOCOL.md, The lobby). */
export function useLobby(): { status: LobbyStatus; tables: LobbyEntries } {
  const [tables, setTables] = useState<LobbyEntries>(new Map());
  const [status, setStatus] = useState<LobbyStatus>("connecting");

  useEffect(() => {
    let room: Room | undefined;
    let cancelled = false;
    gameClient()
      .join("lobby")
      .then((joined) => {
        if (cancelled) {
          void joined.leave();
          return;
        }
        room = joined;
        setStatus("live");
        joined.onMessage("rooms", (rooms: LobbyRoomInfo[]) => setTables(lobbyFromRooms(rooms)));
        joined.onMessage("+", ([roomId, info]: [string, LobbyRoomInfo]) =>
          setTables((current) => lobbyWithRoom(current, roomId, info)),
        );
        joined.onMessage("-", (roomId: string) => setTables((current) => lobbyWithoutRoom(current, roomId)));
        joined.onLeave(() => !cancelled && setStatus("offline"));
      })
      .catch(() => !cancelled && setStatus("offline"));
    return () => {
      cancelled = true;
      void room?.leave();
    };
  }, []);

  return { status, tables };
}

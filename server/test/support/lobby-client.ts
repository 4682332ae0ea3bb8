import { Client, type Room } from "@colyseus/sdk";
import { eventually } from "./test-server.ts";

export interface LobbyMetadata {
  code: string;
  players: [string | null, string | null];
  score: [number, number];
  spectators: number;
  phase: string;
}

export interface ListedRoom {
  roomId: string;
  name: string;
  metadata: LobbyMetadata;
}

/** A lobby subscriber: applies `rooms`, `+` and `-` to a live list and keeps every message it got. */
export interface LobbyWatcher {
  readonly room: Room;
  readonly listed: Map<string, ListedRoom>;
  readonly received: { type: "rooms" | "+" | "-"; roomId?: string }[];
  /** Every code that was ever listed, even for a moment. */
  readonly everListed: Set<string>;
  leave(): Promise<void>;
}

export async function watchLobby(url: string): Promise<LobbyWatcher> {
  const room = await new Client(url).join("lobby");
  const listed = new Map<string, ListedRoom>();
  const received: LobbyWatcher["received"] = [];
  const everListed = new Set<string>();
  let full = false;
  room.onMessage("rooms", (rooms: ListedRoom[]) => {
    full = true;
    received.push({ type: "rooms" });
    listed.clear();
    for (const r of rooms) {
      listed.set(r.roomId, r);
      everListed.add(r.roomId);
    }
  });
  room.onMessage("+", ([roomId, r]: [string, ListedRoom]) => {
    received.push({ type: "+", roomId });
    listed.set(roomId, r);
    everListed.add(roomId);
  });
  room.onMessage("-", (roomId: string) => {
    received.push({ type: "-", roomId });
    listed.delete(roomId);
  });
  await eventually(() => full, "the lobby's full list");
  return {
    room,
    listed,
    received,
    everListed,
    async leave() {
      await room.leave(true).catch(() => undefined);
    },
  };
}

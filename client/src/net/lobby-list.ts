import type { LobbyTable } from "./messages.ts";

/**
 * The lobby's list of public tables, folded from Colyseus LobbyRoom messages: `rooms` (everything),
 * `+` ([roomId, room], added or changed) and `-` (roomId). Pure, so the folding is unit-tested.
 */
export interface LobbyRoomInfo {
  readonly roomId: string;
  readonly metadata?: Partial<LobbyTable> | null;
}

export type LobbyEntries = ReadonlyMap<string, LobbyTable>;

function tableOf(room: LobbyRoomInfo): LobbyTable {
  const m = room.metadata ?? {};
  return {
    code: m.code ?? room.roomId,
    players: m.players ?? [null, null],
    score: m.score ?? [0, 0],
    spectators: m.spectators ?? 0,
    phase: m.phase ?? "waiting",
    // A process of an older version lists its tables without the accounts' fields.
    rated: m.rated ?? false,
    accounts: m.accounts ?? [null, null],
    ratings: m.ratings ?? [null, null],
  };
}

export function lobbyFromRooms(rooms: readonly LobbyRoomInfo[]): LobbyEntries {
  return new Map(rooms.map((room) => [room.roomId, tableOf(room)]));
}

export function lobbyWithRoom(entries: LobbyEntries, roomId: string, room: LobbyRoomInfo): LobbyEntries {
  const next = new Map(entries);
  next.set(roomId, tableOf({ ...room, roomId }));
  return next;
}

export function lobbyWithoutRoom(entries: LobbyEntries, roomId: string): LobbyEntries {
  const next = new Map(entries);
  next.delete(roomId);
  return next;
}

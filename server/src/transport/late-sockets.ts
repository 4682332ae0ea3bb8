import { matchMaker } from "@colyseus/core";
import type { SocketServer } from "./socket-server.ts";

/**
 * Tells of every table WebSocket that arrives without a seat reserved for it: its reservation ran out
 * before it came (RESERVATION_SECONDS, habibka-room.ts), or it reached a process that does not hold the
 * table. Colyseus refuses it ("seat reservation expired") without a trace; under a ramp of new tables this
 * is the refusal to watch for. The connection's path is `/<process>/<table>?sessionId=…`, as the transport
 * itself reads it.
 */
export function watchLateSockets(server: SocketServer, late: () => void): void {
  server.prependListener("connection", (_socket, req) => {
    const url = new URL(req.url ?? "/", "ws://server");
    const table = /\/[A-Za-z0-9_-]+\/([A-Za-z0-9_-]+)$/.exec(url.pathname)?.[1];
    const sessionId = url.searchParams.get("sessionId");
    if (!table || !sessionId) return; // the lobby's or Colyseus's ping socket, not a seat
    const room = matchMaker.getLocalRoomById(table);
    if (!room?.hasReservedSeat(sessionId, url.searchParams.get("reconnectionToken") ?? undefined)) late();
  });
}

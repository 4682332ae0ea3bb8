import type { RawSocket, SocketServer } from "./socket-server.ts";

type Tcp = NonNullable<RawSocket["_socket"]>;

/**
 * Frames sent to one client in one turn of the event loop leave in one write. A shot reaches each client as
 * two frames at once (the `shot` message and the state patch that follows it), a join as several; each
 * frame written on its own costs a system call and a pass through the stream's machinery, the largest
 * single share of the event loop's time under load. So the first frame of a turn corks the client's TCP
 * socket, and once the turn's synchronous work is done every corked socket is uncorked: what was sent to it
 * goes out together, in one write, before any timer or I/O of the next turn.
 *
 * A frame held back so is copied first: Colyseus encodes each state patch and full state into a buffer the
 * room reuses for the next one, and a second patch of the room in the same turn would otherwise overwrite
 * the first before it left.
 */
export function batchWrites(server: SocketServer): void {
  const corked = new Set<Tcp>();
  const flush = () => {
    for (const tcp of corked) if (!tcp.destroyed) tcp.uncork();
    corked.clear();
  };
  server.on("connection", (ws) => {
    const tcp = ws._socket;
    if (!tcp) return;
    const send = ws.send;
    ws.send = function batched(this: RawSocket, data: unknown, ...rest: unknown[]) {
      if (!corked.has(tcp)) {
        if (corked.size === 0) process.nextTick(flush);
        corked.add(tcp);
        tcp.cork();
      }
      return send.call(this, data instanceof Uint8Array ? Buffer.from(data) : data, ...rest);
    };
  });
}

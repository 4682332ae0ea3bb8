import type { IncomingMessage } from "node:http";
import type { WebSocketTransport } from "@colyseus/ws-transport";

/**
 * The transport's WebSocket server (the `ws` package's), which Colyseus keeps to itself: the heartbeat and
 * the write batching work on its sockets. Described only as far as they use it.
 */
export interface SocketServer {
  readonly clients: Set<RawSocket>;
  on(event: "connection", listener: (socket: RawSocket, req: IncomingMessage) => void): void;
  /** Before Colyseus's own listener, which takes the connection's seat reservation at once. */
  prependListener(event: "connection", listener: (socket: RawSocket, req: IncomingMessage) => void): void;
}

/** A WebSocket as `ws` gives it, with the fields the heartbeat keeps on it. */
export interface RawSocket {
  readyState: number;
  /** Pings sent and not answered; the transport's own pong handler clears it. */
  pingCount?: number;
  /** A frame came from the client since the heartbeat last looked: it is alive without a ping. */
  heard?: boolean;
  ping(): void;
  terminate(): void;
  send(...args: unknown[]): void;
  on(event: "message", listener: (this: RawSocket) => void): void;
  /** The TCP socket under it (a field of `ws`'s own). */
  readonly _socket?: { cork(): void; uncork(): void; readonly destroyed: boolean };
}

export const OPEN = 1;

export function socketServerOf(transport: WebSocketTransport): SocketServer {
  return (transport as unknown as { wss: SocketServer }).wss;
}

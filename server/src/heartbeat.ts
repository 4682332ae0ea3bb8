import type { WebSocketTransport } from "@colyseus/ws-transport";

/**
 * The liveness ping of every WebSocket, spread over the interval. The transport's own ping loops over every
 * socket at once, which at thousands of connections holds the event loop for tens of milliseconds every
 * ten seconds; here each slice of the interval pings its share. A socket that missed `maxMissed` pings in a
 * row is closed (the transport's own pong handler clears its count).
 */
export function startHeartbeat(
  transport: WebSocketTransport,
  options: { readonly intervalMs: number; readonly maxMissed: number; readonly sliceMs?: number },
): () => void {
  const sliceMs = options.sliceMs ?? 100;
  const slices = Math.max(1, Math.round(options.intervalMs / sliceMs));
  let round: PingedSocket[] = [];
  let slice = 0;
  const timer = setInterval(() => {
    if (slice === 0) round = [...((transport as unknown as { wss: { clients: Set<PingedSocket> } }).wss.clients ?? [])];
    const from = Math.floor((round.length * slice) / slices);
    const to = Math.floor((round.length * (slice + 1)) / slices);
    for (let i = from; i < to; i++) {
      const socket = round[i]!;
      if (socket.readyState !== OPEN) continue;
      if ((socket.pingCount ?? 0) >= options.maxMissed) {
        socket.terminate();
        continue;
      }
      socket.pingCount = (socket.pingCount ?? 0) + 1;
      socket.ping();
    }
    slice = (slice + 1) % slices;
  }, sliceMs);
  timer.unref();
  return () => clearInterval(timer);
}

const OPEN = 1;

interface PingedSocket {
  readyState: number;
  pingCount?: number;
  ping(): void;
  terminate(): void;
}

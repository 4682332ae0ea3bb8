import { OPEN, type RawSocket, type SocketServer } from "./socket-server.ts";

/**
 * The liveness ping of every WebSocket, spread over the interval. The transport's own ping loops over every
 * socket at once, which at thousands of connections holds the event loop for tens of milliseconds every
 * ten seconds; here each slice of the interval pings its share. A socket that sent anything since its last
 * round is alive without being asked (a player says `seen` after every shot), so only the quiet ones are
 * pinged: each ping is a write and its pong a read, for every spectator and idle player. A socket that
 * missed `maxMissed` pings in a row is closed (the transport's own pong handler clears its count).
 */
export function startHeartbeat(
  server: SocketServer,
  options: { readonly intervalMs: number; readonly maxMissed: number; readonly sliceMs?: number },
): () => void {
  const sliceMs = options.sliceMs ?? 100;
  const slices = Math.max(1, Math.round(options.intervalMs / sliceMs));
  let round: RawSocket[] = [];
  let slice = 0;
  server.on("connection", (socket) => socket.on("message", heard));
  const timer = setInterval(() => {
    if (slice === 0) round = [...server.clients];
    const from = Math.floor((round.length * slice) / slices);
    const to = Math.floor((round.length * (slice + 1)) / slices);
    for (let i = from; i < to; i++) {
      const socket = round[i]!;
      if (socket.readyState !== OPEN) continue;
      if (socket.heard) {
        socket.heard = false;
        socket.pingCount = 0;
        continue;
      }
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

function heard(this: RawSocket): void {
  this.heard = true;
}

/**
 * The WebSocket close codes a table's connection may end with (docs/PROTOCOL.md), for the server that
 * closes and the client that reacts. Colyseus's own: 4000 a deliberate leave, 4002 flooding.
 */
export const CLOSE_CODES = {
  /** The connection left on purpose (Colyseus's CONSENTED). */
  consented: 4000,
  /** The seat's holder came back on another connection, which now has the seat. */
  seatTakenOver: 4001,
  /** More than 30 messages in one second (Colyseus's WITH_ERROR). */
  flooding: 4002,
  /** The server is restarting: the table comes back, so come back to it (seat token, or as a spectator). */
  serverRestarting: 4100,
  /** Too many refused messages or bad frames. */
  hostile: 4400,
} as const;

/** Closes after which a client should rejoin its table by itself rather than show the table as gone. */
export function isComeBackClose(code: number): boolean {
  return code === CLOSE_CODES.serverRestarting;
}

import { schema, t } from "@colyseus/schema";

/**
 * The synced state of one table, as every client sees it (docs/PROTOCOL.md). Positions are metres in the
 * table frame of I1 (docs/rules/interpretation.md). It mirrors the shared match model after every change; it
 * is never the source of truth (the room's match value is), so a client that edits its copy changes nothing.
 */
export const BallState = schema(
  {
    id: t.uint8(),
    x: t.float64(),
    y: t.float64(),
    /** False for a ball on a shelf, in a pocket or off the table (the coloured ball waiting for its mark). */
    onTable: t.boolean(),
  },
  "BallState",
);
export type BallState = InstanceType<typeof BallState>;

export const PlayerState = schema(
  {
    name: t.string(),
    seat: t.uint8(),
    /** The seat's holder has a live connection; false while the seat is held for an absent player. */
    connected: t.boolean(),
    /** Ball ids on the player's shelf [полка], in the order they arrived. */
    shelf: t.array("uint8"),
    /** Balls the player owes after fouls with an empty shelf (clause 15, I15). */
    debt: t.uint8(),
    /** While the holder is away: seconds left before the seat's hold runs out; 0 while he is here. */
    holdLeft: t.uint16(),
    /** The computer plays this seat (a table against the computer): always connected, never held. */
    computer: t.boolean(),
    /** The seat holder's account id (GET /api/players/:id); "" for a player without one and for the computer. */
    account: t.string(),
    /** His rating's value, rounded, as he sat down (and after each rated match); 0 without an account. */
    rating: t.uint16(),
    /** Too few rated games to trust the rating yet (docs/PROTOCOL.md, "Rated tables"). */
    provisional: t.boolean(),
  },
  "PlayerState",
);
export type PlayerState = InstanceType<typeof PlayerState>;

export const SpectatorState = schema({ name: t.string() }, "SpectatorState");
export type SpectatorState = InstanceType<typeof SpectatorState>;

/**
 * What every page at the table sees, synced by Colyseus: a mirror of the match (the rules' `MatchState` in
 * `shared/src/match`) and of the seats, written only by the room and never read back by the rules.
 */
export const TableState = schema(
  {
    /** Six-digit table code: the room id and the invite link `/t/<code>`. */
    code: t.string(),
    visibility: t.string(),
    /** "lag" or "draw" (clause 5, I21). */
    opening: t.string(),
    /** Shot clock setting in seconds, 0 when off. */
    shotClock: t.uint8(),
    /**
     * Ms left for the player to move as of the clock's latest setting; 0 when it does not run. The server
     * sets it when the clock starts or stops and when someone joins, not each second: clients count down.
     */
    clockLeftMs: t.uint32().default(0),
    /** Counts the clock's settings (mod 65,536), so a client knows to count afresh even from the same value. */
    clockSetting: t.uint16().default(0),
    seatHoldSeconds: t.uint16(),
    /** "person", or "computer" for a table against the computer (it plays seat 1 at `level`). */
    opponent: t.string(),
    /** The computer's strength, "novice", "amateur" or "master"; "" at a table for two people. */
    level: t.string(),
    /** A rated table: both seats are accounts and the finished match moves their ratings. */
    rated: t.boolean(),
    /** Id of the current match's record (GET /api/matches/:id); a rematch starts a new one. */
    matchId: t.string(),
    /** waiting | lag | opening | play | finished (docs/PROTOCOL.md). */
    phase: t.string(),
    /** Seat to move (shoot or answer), -1 when nobody is. */
    toMove: t.int8().default(-1),
    /** The pending offer to `toMove`: "" none, "bonus" (take or pass) or "foul" (play or make the offender continue). */
    offer: t.string(),
    /** Number of the next shot; every request names it. */
    shotNumber: t.uint32(),
    /** Last-ball play (clauses 12–14). */
    lastBall: t.boolean(),
    /** True while the last shot is animating on the clients; shots are refused until it ends. */
    animating: t.boolean(),
    winner: t.int8().default(-1),
    /** eight | resignation | absence (when `phase` is finished). */
    finishReason: t.string(),
    /** Which seats have sent their lag shot, and which want a rematch. */
    lagSent: t.array("boolean"),
    rematch: t.array("boolean"),
    balls: t.array(BallState),
    /** Keyed by seat: "0" and "1". */
    players: t.map(PlayerState),
    /** Keyed by session id. */
    spectators: t.map(SpectatorState),
  },
  "TableState",
);
export type TableState = InstanceType<typeof TableState>;

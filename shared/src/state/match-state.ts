import { schema, t } from "@colyseus/schema";

/**
 * The synced state of one table, as every client sees it (docs/PROTOCOL.md). Positions are metres in the
 * table frame of INTERPRETATION I1. Balls off the table stay in the list with `onTable` false so that
 * clients can draw shelves and waiting balls without a second collection.
 */
export const BallState = schema(
  {
    id: t.uint8(),
    x: t.float64(),
    y: t.float64(),
    onTable: t.boolean(),
  },
  "BallState",
);
export type BallState = InstanceType<typeof BallState>;

export const PlayerState = schema(
  {
    name: t.string(),
    seat: t.uint8(),
    connected: t.boolean(),
  },
  "PlayerState",
);
export type PlayerState = InstanceType<typeof PlayerState>;

export const MatchState = schema(
  {
    balls: t.array(BallState),
    /** Keyed by the Colyseus session id. */
    players: t.map(PlayerState),
  },
  "MatchState",
);
export type MatchState = InstanceType<typeof MatchState>;

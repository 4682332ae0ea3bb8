/**
 * The phases a player sees in the synced state (docs/PROTOCOL.md): the match's own phases folded into what a
 * client acts on: the draw shows as the lag it stands in for, and a turn and its offer are both `play`.
 */
export type VisiblePhase = "waiting" | "lag" | "opening" | "play" | "finished";

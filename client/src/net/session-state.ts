import type { ConnectionStatus } from "./connection-status.ts";
import type { ActionBroadcast, AimBroadcast, ChatBroadcast, ErrorMessage } from "./messages.ts";
import type { Series } from "./series.ts";
import type { Playback, ShotRecord } from "./shot-record.ts";
import { EMPTY_SNAPSHOT, type TableSnapshot } from "./table-snapshot.ts";

/** One table as this page sees it at a moment (table-session.ts keeps it and tells its subscribers). */

export interface SessionState {
  readonly status: ConnectionStatus;
  readonly code: string;
  readonly role: "player" | "spectator" | null;
  readonly seat: 0 | 1 | null;
  /** What the page shows: the synced state, or while a shot plays the match as it was before it. */
  readonly snapshot: TableSnapshot;
  /** The synced state as it stands. */
  readonly live: TableSnapshot;
  /** The match held on screen while the live shot plays; null otherwise. */
  readonly held: TableSnapshot | null;
  readonly shots: readonly ShotRecord[];
  /** The log as shown: without the live shot still playing, whose verdict waits for its balls. */
  readonly shotsShown: readonly ShotRecord[];
  readonly playback: Playback | null;
  readonly aim: AimBroadcast | null;
  readonly chat: readonly ChatBroadcast[];
  /** This match's decisions that are not shots (offers taken or passed, a resignation), oldest first. */
  readonly actions: readonly ActionBroadcast[];
  /** Who won each match at this table (kept across rematches and reloads). */
  readonly series: Series;
  readonly error: (ErrorMessage & { readonly id: number }) | null;
  /**
   * The page asked to sit but the server let it watch: both seats were taken. The player is told so, and
   * offered to watch, rather than finding himself a spectator without a word.
   */
  readonly seatsTaken: boolean;
}

export const INITIAL_SESSION: SessionState = {
  status: { kind: "connecting" },
  code: "",
  role: null,
  seat: null,
  snapshot: EMPTY_SNAPSHOT,
  live: EMPTY_SNAPSHOT,
  held: null,
  shots: [],
  shotsShown: [],
  playback: null,
  aim: null,
  chat: [],
  actions: [],
  series: {},
  error: null,
  seatsTaken: false,
};

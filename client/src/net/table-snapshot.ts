import { COMPUTER_LEVELS, type ComputerLevel } from "@habibka/shared/match";
import type { VisiblePhase } from "@habibka/shared/protocol";

/**
 * What the view needs from the synced `TableState`, as plain immutable data: the SDK's decoded schema
 * objects are live and mutate in place, which React cannot diff.
 */
export interface BallView {
  readonly id: number;
  readonly x: number;
  readonly y: number;
  readonly onTable: boolean;
}

export interface PlayerView {
  readonly name: string;
  readonly seat: number;
  readonly connected: boolean;
  readonly shelf: readonly number[];
  readonly debt: number;
  /** Seconds left of an absent player's seat hold; 0 while connected. */
  readonly holdLeft: number;
  /** The computer plays this seat (docs/COMPUTER.md). */
  readonly computer: boolean;
  /** The holder's account ("" without one): his profile is `/p/<account>`. */
  readonly account: string;
  /** His rating as the table shows it beside his name; null without an account. */
  readonly rating: { readonly value: number; readonly provisional: boolean } | null;
}

type Offer = "" | "bonus" | "foul";

export interface TableSnapshot {
  readonly code: string;
  readonly visibility: string;
  /** A rated table: its finished match moves both ratings. */
  readonly rated: boolean;
  /** Who plays the creator: a person who joins by the code, or the computer in seat 1. */
  readonly opponent: "person" | "computer";
  /** The computer's strength at a table against it; null at a table for two people. */
  readonly level: ComputerLevel | null;
  readonly opening: string;
  readonly shotClock: number;
  /** Ms left on the shot clock as of its latest setting (0 when it does not run): counted down here. */
  readonly clockLeftMs: number;
  /** Which setting that was: a new one starts the count afresh, even from the same value. */
  readonly clockSetting: number;
  readonly matchId: string;
  readonly phase: VisiblePhase;
  readonly toMove: number;
  readonly offer: Offer;
  readonly shotNumber: number;
  readonly lastBall: boolean;
  readonly animating: boolean;
  readonly winner: number;
  readonly finishReason: string;
  readonly lagSent: readonly boolean[];
  readonly rematch: readonly boolean[];
  readonly balls: readonly BallView[];
  /** Indexed by seat; null for a free seat. */
  readonly players: readonly [PlayerView | null, PlayerView | null];
  readonly spectators: readonly string[];
}

export const EMPTY_SNAPSHOT: TableSnapshot = {
  code: "",
  visibility: "public",
  rated: false,
  opponent: "person",
  level: null,
  opening: "lag",
  shotClock: 0,
  clockLeftMs: 0,
  clockSetting: 0,
  matchId: "",
  phase: "waiting",
  toMove: -1,
  offer: "",
  shotNumber: 0,
  lastBall: false,
  animating: false,
  winner: -1,
  finishReason: "",
  lagSent: [false, false],
  rematch: [false, false],
  balls: [],
  players: [null, null],
  spectators: [],
};

interface MapLike<T> {
  forEach(cb: (value: T, key: string) => void): void;
}

/** The parts of the synced state the snapshot reads (structural, so tests can pass plain objects). */
export interface SyncedState {
  code?: string;
  visibility?: string;
  rated?: boolean;
  opponent?: string;
  level?: string;
  opening?: string;
  shotClock?: number;
  clockLeftMs?: number;
  clockSetting?: number;
  matchId?: string;
  phase?: string;
  toMove?: number;
  offer?: string;
  shotNumber?: number;
  lastBall?: boolean;
  animating?: boolean;
  winner?: number;
  finishReason?: string;
  lagSent?: Iterable<boolean>;
  rematch?: Iterable<boolean>;
  balls?: Iterable<BallView>;
  players?: MapLike<{
    name: string;
    seat: number;
    connected: boolean;
    shelf: Iterable<number>;
    debt: number;
    holdLeft?: number;
    computer?: boolean;
    account?: string;
    rating?: number;
    provisional?: boolean;
  }>;
  spectators?: MapLike<{ name: string }>;
}

// Every phase the protocol names, kept in step with it by the type: a synced value outside it reads as waiting.
const PHASES: Readonly<Record<VisiblePhase, true>> = {
  waiting: true,
  lag: true,
  opening: true,
  play: true,
  finished: true,
};

function isVisiblePhase(phase: string | undefined): phase is VisiblePhase {
  return phase !== undefined && Object.hasOwn(PHASES, phase);
}

export function snapshotOf(state: SyncedState): TableSnapshot {
  const balls = [...(state.balls ?? [])].map(({ id, x, y, onTable }) => ({ id, x, y, onTable }));
  const players: [PlayerView | null, PlayerView | null] = [null, null];
  state.players?.forEach((p, key) => {
    const seat = Number(key);
    if (seat === 0 || seat === 1) {
      players[seat] = {
        name: p.name,
        seat,
        connected: p.connected,
        shelf: [...p.shelf],
        debt: p.debt,
        holdLeft: p.holdLeft ?? 0,
        computer: p.computer ?? false,
        account: p.account ?? "",
        // A seat without an account shows no rating (its synced value is 0).
        rating: p.account && p.rating ? { value: p.rating, provisional: p.provisional ?? false } : null,
      };
    }
  });
  const spectators: string[] = [];
  state.spectators?.forEach((s) => {
    spectators.push(s.name);
  });
  const phase = isVisiblePhase(state.phase) ? state.phase : "waiting";
  const offer = state.offer === "bonus" || state.offer === "foul" ? state.offer : "";
  const opponent = state.opponent === "computer" ? "computer" : "person";
  const level = COMPUTER_LEVELS.find((l) => l === state.level) ?? null;
  return {
    code: state.code ?? "",
    visibility: state.visibility ?? "public",
    rated: state.rated ?? false,
    opponent,
    level: opponent === "computer" ? level : null,
    opening: state.opening ?? "lag",
    shotClock: state.shotClock ?? 0,
    clockLeftMs: state.clockLeftMs ?? 0,
    clockSetting: state.clockSetting ?? 0,
    matchId: state.matchId ?? "",
    phase,
    toMove: state.toMove ?? -1,
    offer,
    shotNumber: state.shotNumber ?? 0,
    lastBall: state.lastBall ?? false,
    animating: state.animating ?? false,
    winner: state.winner ?? -1,
    finishReason: state.finishReason ?? "",
    lagSent: [...(state.lagSent ?? [])],
    rematch: [...(state.rematch ?? [])],
    balls,
    players,
    spectators,
  };
}

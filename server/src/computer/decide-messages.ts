import type { Decision, LevelSpec, Situation } from "@habibka/shared/computer";
import type { ComputerLevel } from "@habibka/shared/match";
import type { EngineName } from "@habibka/shared/physics";

/** What the pool sends a worker, and what comes back: plain data, copied between threads. */
export interface DecideJob {
  readonly id: number;
  readonly situation: Situation;
  readonly level: ComputerLevel | LevelSpec;
  readonly seed: number;
  readonly engine: EngineName;
}

/** A worker says once that its code is loaded, then answers each job with its decision or its error. */
export type DecideReply =
  | { readonly ready: true }
  | { readonly id: number; readonly decision: Decision }
  | { readonly id: number; readonly error: string };

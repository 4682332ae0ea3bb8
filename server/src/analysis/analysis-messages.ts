import type { ComputerLevel, MatchRecord } from "@habibka/shared/match";
import type { EngineName } from "@habibka/shared/physics";
import type { MatchAnalysis } from "@habibka/shared/protocol";

/** What the analysis process is sent, and what it sends back: structured-clone data over its IPC channel. */
export interface AnalysisJob {
  readonly matchId: string;
  readonly record: MatchRecord;
  readonly level: ComputerLevel;
  readonly engine: EngineName;
}

export type AnalysisReply =
  | { readonly type: "progress"; readonly done: number; readonly total: number }
  | { readonly type: "done"; readonly analysis: MatchAnalysis }
  | { readonly type: "error"; readonly message: string };

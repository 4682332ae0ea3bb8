import { type Decision, decide, type Situation } from "@habibka/shared/computer";
import type { ComputerLevel } from "@habibka/shared/match";
import { findPracticeHint, type PracticeAnswer, playPracticeShot } from "@habibka/shared/practice";
import {
  type OfflineMatchUpload,
  offlineUploadOf,
  type PracticeHint,
  type PracticeShotAnswer,
  type ShotBroadcast,
} from "@habibka/shared/protocol";
import { type LocalEvent, LocalTable, type LocalTableRequest } from "./local-table.ts";
import type { MatchStore } from "./match-store.ts";
import { OfflineStore } from "./offline-store.ts";

/**
 * What the page's worker does (engine-worker.ts exposes it): the practice table's shot and hint, the
 * computer's decisions, and one table against the computer. Everything the server would do for these,
 * with the same shared code on the same engine, so a verdict given here is the server's verdict.
 */
export interface LocalEngine {
  practiceShot(body: unknown): PracticeAnswer<PracticeShotAnswer>;
  practiceHint(body: unknown): PracticeAnswer<PracticeHint>;
  decide(situation: Situation, level: ComputerLevel, seed: number): Decision;
  /** Opens the table (closing any the page had open); false when a match to resume is not kept here. */
  openTable(request: LocalTableRequest, listener: (event: LocalEvent) => void): Promise<boolean>;
  send(type: string, payload: unknown): void;
  shots(matchId: string): Promise<ShotBroadcast[]>;
  closeTable(): void;
  /** A finished match kept here, as it is sent to the server (null when it is not kept, or cannot be read). */
  offlineUpload(matchId: string): Promise<OfflineMatchUpload | null>;
}

/** The engine over a store; `options` are for tests (a store of their own, short pauses). */
export function localEngine(options: { readonly store?: MatchStore; readonly thinkScale?: number } = {}): LocalEngine {
  let store: MatchStore | null = options.store ?? null;
  let table: LocalTable | null = null;
  // The search runs after the current task, so the computer's pause (started beside it) counts alongside it.
  const decider = {
    decide: (situation: Situation, level: ComputerLevel, seed: number) =>
      new Promise<Decision>((resolve, reject) =>
        setTimeout(() => {
          try {
            resolve(decide(situation, level, seed));
          } catch (cause) {
            reject(cause);
          }
        }, 0),
      ),
  };
  return {
    practiceShot: (body) => playPracticeShot(body),
    practiceHint: (body) => findPracticeHint(body),
    decide: (situation, level, seed) => decide(situation, level, seed),
    async openTable(request, listener) {
      table?.close();
      table = null;
      store ??= new OfflineStore();
      table = await LocalTable.open(request, {
        store,
        decider,
        emit: listener,
        ...(options.thinkScale === undefined ? {} : { thinkScale: options.thinkScale }),
      });
      return table !== null;
    },
    send(type, payload) {
      table?.receive(type, payload);
    },
    shots: (matchId) => table?.shots(matchId) ?? Promise.resolve([]),
    closeTable() {
      table?.close();
      table = null;
    },
    async offlineUpload(matchId) {
      store ??= new OfflineStore();
      const record = await store.record(matchId);
      const upload = record && (await offlineUploadOf(record));
      return upload?.ok ? upload.value : null;
    },
  };
}

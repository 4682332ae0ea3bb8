import type { ComputerLevel, MatchRecord, RecordedAction, RecordHeader } from "@habibka/shared/match";
import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { MatchStore, OfflineResult } from "./match-store.ts";

/**
 * The matches played without the network, kept in this browser's IndexedDB until the player's history on the
 * server has them. A match is its record, as the server keeps one (docs/OPERATIONS.md): the header, then each
 * action in its own row, written before the page is told of it, so a closed tab or a crash loses nothing
 * that was shown. Beside it a summary the lobby lists without reading the actions. Both the page's worker
 * (which plays the match) and the page (which lists and uploads) open it.
 */

/** Where a finished match stands with the server: waiting to be sent, kept in the history, or refused. */
export type UploadState =
  | { readonly kind: "waiting" }
  | { readonly kind: "kept"; readonly at: number }
  | { readonly kind: "refused"; readonly code: string; readonly message: string };

export interface OfflineMatchSummary {
  readonly id: string;
  readonly names: readonly [string, string];
  /** The computer's strength in seat 1, so the page names it in the reader's language. */
  readonly level: ComputerLevel | null;
  readonly startedAt: number;
  readonly updatedAt: number;
  /** Actions written so far: the next one's sequence number. */
  readonly actions: number;
  readonly result: OfflineResult | null;
  readonly upload: UploadState;
}

interface OfflineSchema extends DBSchema {
  matches: { key: string; value: OfflineMatchSummary & { readonly header: RecordHeader } };
  actions: { key: [string, number]; value: { readonly matchId: string; readonly seq: number } & RecordedAction };
}

const DB_NAME = "habibka-offline";
const DB_VERSION = 1;

export class OfflineStore implements MatchStore {
  readonly #db: Promise<IDBPDatabase<OfflineSchema>>;

  /** `name`: the database's; tests give each store its own. */
  constructor(name = DB_NAME) {
    this.#db = openDB<OfflineSchema>(name, DB_VERSION, {
      upgrade(db) {
        db.createObjectStore("matches", { keyPath: "id" });
        db.createObjectStore("actions", { keyPath: ["matchId", "seq"] });
      },
    });
  }

  /** A new match: its header and names, before any action. */
  async create(header: RecordHeader, names: readonly [string, string]): Promise<void> {
    const db = await this.#db;
    await db.put("matches", {
      id: header.matchId,
      header,
      names,
      level: header.settings.level ?? null,
      startedAt: header.createdAt,
      updatedAt: header.createdAt,
      actions: 0,
      result: null,
      upload: { kind: "waiting" },
    });
  }

  /**
   * Appends action `seq` (refused unless it is the next one) with the summary it leaves, in one transaction:
   * the action and what the lobby lists never disagree.
   */
  async append(
    matchId: string,
    seq: number,
    entry: RecordedAction,
    summary: { readonly names: readonly [string, string]; readonly result: OfflineResult | null },
  ): Promise<void> {
    const db = await this.#db;
    const tx = db.transaction(["matches", "actions"], "readwrite");
    const matches = tx.objectStore("matches");
    const match = await matches.get(matchId);
    if (!match) throw new Error(`no offline match ${matchId}`);
    if (match.actions !== seq) throw new Error(`offline match ${matchId}: action ${seq} after ${match.actions}`);
    await tx.objectStore("actions").add({ matchId, seq, ...entry });
    await matches.put({ ...match, ...summary, actions: seq + 1, updatedAt: entry.at });
    await tx.done;
  }

  /** A match's whole record, or null when this browser has none by that id. */
  async record(matchId: string): Promise<MatchRecord | null> {
    const db = await this.#db;
    const match = await db.get("matches", matchId);
    if (!match) return null;
    const rows = await db.getAll("actions", IDBKeyRange.bound([matchId, 0], [matchId, Number.MAX_SAFE_INTEGER]));
    const actions = rows
      .sort((a, b) => a.seq - b.seq)
      .map(({ at, action, played }): RecordedAction => ({ at, action, ...(played ? { played } : {}) }));
    return { header: match.header, actions };
  }

  async summary(matchId: string): Promise<OfflineMatchSummary | null> {
    const match = await (await this.#db).get("matches", matchId);
    return match ? summaryOf(match) : null;
  }

  /** Every match kept here, the latest played first. */
  async list(): Promise<OfflineMatchSummary[]> {
    const all = await (await this.#db).getAll("matches");
    return all.map(summaryOf).sort((a, b) => b.updatedAt - a.updatedAt);
  }

  async setUpload(matchId: string, upload: UploadState): Promise<void> {
    const db = await this.#db;
    const tx = db.transaction("matches", "readwrite");
    const match = await tx.store.get(matchId);
    if (match) await tx.store.put({ ...match, upload });
    await tx.done;
  }
}

function summaryOf(match: OfflineMatchSummary & { readonly header: RecordHeader }): OfflineMatchSummary {
  const { header: _header, ...summary } = match;
  return summary;
}

let pageStore: OfflineStore | null = null;

/** The page's handle on the store (its worker opens one of its own). */
export function offlineStore(): OfflineStore {
  pageStore ??= new OfflineStore();
  return pageStore;
}

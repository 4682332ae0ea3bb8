import { type MatchRecord, replayMatch } from "@habibka/shared/match";
import { MatchRecords } from "../../src/records/match-records.ts";

/**
 * Stores a record as the room writes it, one append per action, under `matchId` as a public match; with
 * `finished`, its last action also writes the result, as the room does when the match ends (the folded
 * match's own, or a win for seat 0 when the record stops short of an end). Only the first `actions` actions
 * when given (a match still being played).
 */
export async function storeRecord(
  records: MatchRecords,
  record: MatchRecord,
  options: { readonly matchId: string; readonly finished: boolean; readonly actions?: number },
): Promise<void> {
  const lease = { owner: "stored", until: Date.now() + 60_000 };
  const header = {
    ...record.header,
    matchId: options.matchId,
    settings: { ...record.header.settings, visibility: "public" as const },
  };
  await records.createRecord(header, lease);
  const actions = record.actions.slice(0, options.actions ?? record.actions.length);
  const folded = replayMatch({ header: record.header, actions });
  const final = folded.ok && folded.value.phase === "finished" ? folded.value : null;
  for (const [seq, entry] of actions.entries()) {
    const last = seq === actions.length - 1;
    await records.append(
      options.matchId,
      seq,
      { at: entry.at, action: JSON.stringify(entry.action), ...(entry.played ? { played: entry.played } : {}) },
      last && options.finished
        ? {
            players: ["Player 0", "Player 1"],
            result: {
              winner: final ? final.winner : 0,
              reason: final?.end ?? "eight",
              shelves: final ? [final.shelves[0].length, final.shelves[1].length] : [8, 2],
              finishedAt: entry.at,
            },
          }
        : {},
      lease.owner,
    );
  }
  // A finished match's table closed with it; a match still being played is left for a restore to reopen.
  if (options.finished) await records.markTableClosed(options.matchId, "stored", actions.at(-1)?.at ?? 0);
  else await records.releaseLeases([options.matchId], "stored", 0);
}

/** Stores records in the SQLite file at `path` (a server not yet started on it), as `storeRecord` does. */
export async function storeRecordsAt(
  path: string,
  entries: readonly { readonly record: MatchRecord; readonly matchId: string; readonly finished: boolean }[],
): Promise<void> {
  const records = await MatchRecords.open({ path });
  try {
    for (const { record, ...options } of entries) await storeRecord(records, record, options);
  } finally {
    await records.close();
  }
}

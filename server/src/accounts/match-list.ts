import type { TableSettings } from "@habibka/shared/match";
import type { MatchOutcome, PlayedMatch } from "@habibka/shared/protocol";
import type { Kysely } from "kysely";
import type { RecordResult } from "../records/match-records.ts";
import type { AccountsDatabase } from "./accounts-schema.ts";

/**
 * The matches an account played, newest first, read from the records' own columns (which account sat in
 * which seat, written with each `sit`), so a match shows as soon as it begins and its result as soon as it
 * ends. A table closed before its match began is not a match played. A private match is listed only to the
 * accounts that played it.
 */
export async function playedMatches(
  db: Kysely<AccountsDatabase>,
  accountId: string,
  viewerId: string | null,
  limit: number,
): Promise<PlayedMatch[]> {
  const bySeat = await Promise.all(
    (["account_0", "account_1"] as const).map((column) =>
      db
        .selectFrom("match_records as m")
        .leftJoin("match_players as p", (join) =>
          join.onRef("p.match_id", "=", "m.id").on("p.account_id", "=", accountId),
        )
        .select([
          "m.id",
          "m.visibility",
          "m.settings",
          "m.players",
          "m.account_0",
          "m.account_1",
          "m.created_at",
          "m.result",
          "p.rating_before",
          "p.rating_after",
        ])
        .where(`m.${column}`, "=", accountId)
        .where((eb) => eb.or([eb("m.result", "is", null), eb("m.result", "not like", '%"reason":"closed"%')]))
        .where((eb) =>
          eb.or([
            eb("m.visibility", "=", "public"),
            ...(viewerId ? [eb("m.account_0", "=", viewerId), eb("m.account_1", "=", viewerId)] : []),
          ]),
        )
        .orderBy("m.created_at", "desc")
        .limit(limit)
        .execute(),
    ),
  );
  return bySeat
    .flat()
    .sort((a, b) => Number(b.created_at) - Number(a.created_at) || a.id.localeCompare(b.id))
    .slice(0, limit)
    .map((row) => {
      const seat = row.account_0 === accountId ? 0 : 1;
      const other = seat === 0 ? 1 : 0;
      const players = JSON.parse(row.players) as [string | null, string | null];
      const result = row.result === null ? null : (JSON.parse(row.result) as RecordResult);
      const settings = JSON.parse(row.settings) as TableSettings;
      const outcome: MatchOutcome =
        result === null || result.winner === null ? "unfinished" : result.winner === seat ? "win" : "loss";
      const before = row.rating_before === null ? null : Number(row.rating_before);
      const after = row.rating_after === null ? null : Number(row.rating_after);
      return {
        matchId: row.id,
        rated: settings.rated === true,
        result: outcome,
        opponent: { id: (other === 0 ? row.account_0 : row.account_1) ?? null, name: players[other] ?? "" },
        at: Number(row.created_at),
        visibility: row.visibility,
        ratingChange: before !== null && after !== null ? Math.round((after - before) * 10) / 10 : null,
        offline: settings.offline === true,
      };
    });
}

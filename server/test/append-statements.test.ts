import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import type { Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenDatabase, openDatabase } from "../src/records/database.ts";
import { AppendStatements } from "../src/records/record-writes.ts";
import type { RecordActionsTable } from "../src/records/records-schema.ts";

/**
 * The append's statements compiled once say exactly what Kysely compiles for the same append, whatever the
 * row holds: the same text, the same values in the same order.
 */

let database: OpenDatabase;

beforeAll(async () => {
  database = await openDatabase({ kind: "sqlite", path: join(mkdtempSync(join(tmpdir(), "append-")), "r.sqlite") });
});

afterAll(async () => {
  await database.db.destroy();
});

const text = fc.string({ maxLength: 40 });
const row = fc.record({
  match_id: text,
  seq: fc.nat(),
  at: fc.nat(),
  type: fc.constantFrom("shot", "lag", "sit", "take", "pass"),
  action: text,
  played: fc.option(text),
  trace: fc.option(fc.uint8Array({ maxLength: 20 })),
});

describe("the append's statements compiled once", () => {
  it("insert the row as Kysely's compilation of it does", () => {
    const statements = new AppendStatements(database.db);
    fc.assert(
      fc.property(row, (values: Insertable<RecordActionsTable>) => {
        const kysely = database.db.insertInto("record_actions").values(values).compile();
        const mine = statements.insert(values);
        expect(mine.sql).toBe(kysely.sql);
        expect(mine.parameters).toEqual(kysely.parameters);
      }),
    );
  });

  it("find the record held by the owner as Kysely's compilation of the query does", () => {
    const statements = new AppendStatements(database.db);
    fc.assert(
      fc.property(text, text, (matchId, owner) => {
        const kysely = database.db
          .selectFrom("match_records")
          .select("id")
          .where("id", "=", matchId)
          .where("owner", "=", owner)
          .compile();
        const mine = statements.held(matchId, owner);
        expect(mine.sql).toBe(kysely.sql);
        expect(mine.parameters).toEqual(kysely.parameters);
      }),
    );
  });
});

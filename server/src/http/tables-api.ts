import { TABLE_CODE_PATTERN } from "@habibka/shared/protocol";
import { type Router as ExpressRouter, Router } from "express";
import type { MatchRecords } from "../records/match-records.ts";
import { refuse } from "./http-refusals.ts";

/**
 * What a table's code leads to once its table is gone (docs/PROTOCOL.md, "Tables"): the last public match
 * played at it, so an old table link opens that match's page instead of a table that is not there. The page
 * asks only after joining by the code was refused with `no-such-table`.
 */
export function createTablesApi(records: Pick<MatchRecords, "lastMatchAt">): ExpressRouter {
  const router = Router();
  // Public and read-only, like the match records (the dev client runs on another port).
  router.use((_req, res, next) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    next();
  });
  router.get("/:code/last-match", async (req, res) => {
    const code = String(req.params.code);
    if (!TABLE_CODE_PATTERN.test(code)) {
      refuse(res, 400, "bad-code", "a table code is six digits, as in the table's link");
      return;
    }
    const match = await records.lastMatchAt(code);
    if (!match) {
      refuse(res, 404, "no-match", `no finished public match was played at table ${code}`);
      return;
    }
    res.json({ code, matchId: match.id, finishedAt: match.finishedAt });
  });
  return router;
}

import { type Router as ExpressRouter, Router } from "express";
import { z } from "zod";
import type { MatchRecords } from "../records/match-records.ts";

const ListQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
const MatchId = z.uuid();

/**
 * `GET /api/matches/:id`: one match's record (settings, players, the actions that fold into it, every shot
 * with its request, verdict, events and base64 trace, and the result). `GET /api/matches?limit=`: recent
 * public results.
 */
export function createMatchesApi(records: MatchRecords): ExpressRouter {
  const router = Router();
  // Match records are public and read-only: any origin may read them (the dev client runs on another port).
  router.use((_req, res, next) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    next();
  });
  router.get("/", async (req, res) => {
    const query = ListQuery.safeParse(req.query);
    if (!query.success) {
      res.status(400).json({ error: "bad-query", message: `limit: ${query.error.issues[0]?.message}` });
      return;
    }
    res.json({ matches: await records.recentResults(query.data.limit) });
  });
  router.get("/:id", async (req, res) => {
    if (!MatchId.safeParse(req.params.id).success) {
      res.status(400).json({ error: "bad-id", message: "a match id is a UUID" });
      return;
    }
    const match = await records.getMatch(req.params.id);
    if (!match) {
      res.status(404).json({ error: "not-found", message: "no match with this id" });
      return;
    }
    // The traces travel once, in `shots`, as base64; the record lists the actions that fold into the match.
    const record = match.record && {
      header: match.record.header,
      actions: match.record.actions.map(({ at, action }) => ({ at, action })),
    };
    res.json({
      ...match,
      record,
      shots: match.shots.map((s) => ({ ...s, trace: Buffer.from(s.trace).toString("base64") })),
    });
  });
  return router;
}

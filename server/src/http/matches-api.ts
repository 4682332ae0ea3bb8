import { COMPUTER_LEVELS, shotScenario } from "@habibka/shared/match";
import { describeIssue, PlayerName, readUntrusted } from "@habibka/shared/protocol";
import { type Router as ExpressRouter, type Request, type Response, Router } from "express";
import { z } from "zod";
import type { MatchAnalyses } from "../analysis/match-analyses.ts";
import type { MatchSummary } from "../records/match-records.ts";
import { refuse } from "./http-refusals.ts";
import { MatchId, type MatchViews, ShotNumber, shotOf } from "./match-views.ts";

/**
 * The match records over HTTP (docs/PROTOCOL.md): the history of finished public matches a page at a time,
 * optionally one player's; a few matches by id (the player's own, private ones included: an id is the
 * match's link); one match's whole record with every stroke; one shot as a `habibka-sim` scenario. Every
 * query is checked, and a bad id or number is a 400 or 404 in JSON that says which, never a 500.
 */

const PAGE_LIMIT = { default: 20, max: 100 } as const;
/** "My matches" looks up at most this many ids at once. */
const MAX_IDS = 20;

/** Where a page of the history stops: the last match it showed (finished at, id), opaque to clients. */
const Cursor = z.object({ f: z.number().int().nonnegative(), i: MatchId }).strict();

function encodeCursor(match: MatchSummary): string | null {
  if (!match.result) return null;
  return Buffer.from(JSON.stringify({ f: match.result.finishedAt, i: match.id })).toString("base64url");
}

function decodeCursor(text: string): { finishedAt: number; id: string } | null {
  try {
    const parsed = readUntrusted(Cursor, JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
    return parsed.ok ? { finishedAt: parsed.value.f, id: parsed.value.i } : null;
  } catch {
    return null;
  }
}

const ListQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(PAGE_LIMIT.max).default(PAGE_LIMIT.default),
    cursor: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9_-]+$/, "not a cursor this server gave")
      .optional(),
    player: PlayerName.optional(),
    ids: z
      .string()
      .max(MAX_IDS * 37)
      .transform((text) => text.split(","))
      .pipe(z.array(MatchId, { error: "a list of match ids (UUIDs), comma-separated" }).min(1).max(MAX_IDS))
      .optional(),
  })
  .strict();

/** The analysis is the master's unless another level is asked for. */
const AnalysisQuery = z
  .object({ level: z.enum(COMPUTER_LEVELS, { error: "expected novice, amateur or master" }).default("master") })
  .strict();

/** The match id of a route, or a 400 already answered. */
function matchIdOf(req: Request, res: Response): string | null {
  if (readUntrusted(MatchId, req.params.id).ok) return req.params.id as string;
  refuse(res, 400, "bad-id", "a match id is a UUID, as in the match's link");
  return null;
}

function shotNumberOf(req: Request, res: Response): number | null {
  const parsed = readUntrusted(ShotNumber, req.params.shot);
  if (parsed.ok && /^\d+$/.test(String(req.params.shot))) return parsed.value;
  refuse(res, 400, "bad-shot", "a shot number is a whole number, as the shot log shows it");
  return null;
}

export function createMatchesApi(views: MatchViews, analyses: MatchAnalyses): ExpressRouter {
  const router = Router();
  // Match records are public and read-only: any origin may read them (the dev client runs on another port).
  router.use((_req, res, next) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    next();
  });

  router.get("/", async (req, res) => {
    const query = readUntrusted(ListQuery, req.query);
    if (!query.ok) {
      refuse(res, 400, "bad-query", describeIssue(query.issue));
      return;
    }
    const { limit, cursor, player, ids } = query.value;
    if (ids) {
      if (cursor || player) {
        refuse(res, 400, "bad-query", "ids: look matches up by id alone, without a cursor or a player");
        return;
      }
      res.json({ matches: await views.records.summaries(ids), next: null });
      return;
    }
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    if (after === null) {
      refuse(res, 400, "bad-query", "cursor: not a cursor this server gave");
      return;
    }
    // One more than asked shows whether another page follows.
    const found = await views.records.recentResults({
      limit: limit + 1,
      ...(after ? { after } : {}),
      ...(player ? { player } : {}),
    });
    const page = found.slice(0, limit);
    res.json({ matches: page, next: found.length > limit ? encodeCursor(page.at(-1)!) : null });
  });

  router.get("/:id", async (req, res) => {
    const id = matchIdOf(req, res);
    if (id === null) return;
    const view = await views.get(id);
    if (!view) {
      refuse(res, 404, "not-found", "no match with this id");
      return;
    }
    const { legacyShots: _stored, ...match } = view.match;
    // The traces travel once, in `shots`, as base64; the record lists the actions that fold into the match.
    const record = match.record && {
      header: match.record.header,
      actions: match.record.actions.map(({ at, action }) => ({ at, action })),
    };
    res.json({
      ...match,
      record,
      // Each stroke as the table announced it, rebuilt by the record's fold (or as an old record stored it).
      shots: view.shots.map(({ played, at, rest, after, score }) => ({
        ...played,
        at,
        trace: Buffer.from(played.trace).toString("base64"),
        ...(view.folded ? { rest, after, score } : {}),
      })),
    });
  });

  // The match's analysis: 200 with it once done, 202 with its progress while it waits or runs (started by the
  // first request for a finished match), or a refusal that says why not (docs/PROTOCOL.md).
  router.get("/:id/analysis", async (req, res) => {
    const id = matchIdOf(req, res);
    if (id === null) return;
    const query = readUntrusted(AnalysisQuery, req.query);
    if (!query.ok) {
      refuse(res, 400, "bad-query", describeIssue(query.issue));
      return;
    }
    // The front door has put the client's own address here (front-door.ts), whatever the client sent.
    const address = String(req.headers["x-real-ip"] ?? req.socket.remoteAddress ?? "unknown");
    const answer = await analyses.request(id, query.value.level, address);
    if (answer.kind === "done") res.type("application/json").send(answer.analysis);
    else if (answer.kind === "pending") res.status(202).setHeader("Cache-Control", "no-store").json(answer.pending);
    else {
      const retry: Record<string, string> =
        answer.retryAfterSeconds === undefined ? {} : { "Retry-After": String(answer.retryAfterSeconds) };
      refuse(res, answer.status, answer.code, answer.message, retry);
    }
  });

  router.get("/:id/shots/:shot/scenario.json", async (req, res) => {
    const id = matchIdOf(req, res);
    if (id === null) return;
    const number = shotNumberOf(req, res);
    if (number === null) return;
    const view = await views.get(id);
    if (!view) {
      refuse(res, 404, "not-found", "no match with this id");
      return;
    }
    if (!view.folded) {
      refuse(res, 404, "no-scenario", "this match was recorded before shots could be downloaded");
      return;
    }
    const shot = shotOf(view, number);
    if (!shot) {
      refuse(res, 404, "no-such-shot", `the match has no shot ${number}`);
      return;
    }
    const scenario = shotScenario(id, shot);
    if (!scenario) {
      refuse(
        res,
        404,
        "no-scenario",
        `shot ${number} is ${shot.played.kind === "lag" ? "the lag" : "a run-out shot clock"}: it is not one stroke habibka-sim can play`,
      );
      return;
    }
    res.setHeader("Content-Disposition", `attachment; filename="habibka-${view.match.code}-shot-${number}.json"`);
    res.type("application/json").send(`${JSON.stringify(scenario, null, 2)}\n`);
  });
  return router;
}

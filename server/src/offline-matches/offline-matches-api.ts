import { COMPUTER_NAMES } from "@habibka/shared/match";
import { OfflineMatchUpload } from "@habibka/shared/protocol";
import express, { type Response, type Router } from "express";
import { allowed, guardWrites, identify, readBody, route, signedIn } from "../accounts/account-http.ts";
import type { Accounts } from "../accounts/accounts.ts";
import { refuse, refuseUnreadableBodies } from "../http/http-refusals.ts";
import type { Logger } from "../logger.ts";
import { OFFLINE_MATCH_BODY_BYTES, OFFLINE_MATCHES_AT_ONCE } from "../rate-limits.ts";
import type { MatchRecords } from "../records/match-records.ts";
import { keepOfflineRecord, keptAs } from "./offline-records.ts";
import type { OfflineVerifier } from "./offline-verifier.ts";

/**
 * `POST /api/offline-matches` (docs/PROTOCOL.md, "Offline matches"): a match played against the computer in
 * a browser without the network, sent by its page when the network is back, kept in the player's history
 * marked offline only once the server has played every stroke again on its own engine with the same outcome.
 * Mounted before the accounts' router, whose body limit is the front door's 4 KiB: this route checks the same
 * session and Origin itself, and reads a body of up to OFFLINE_MATCH_BODY_BYTES. Every limit is in
 * rate-limits.ts and docs/SECURITY.md.
 */

export interface OfflineMatchesServices {
  readonly accounts: Accounts;
  readonly records: MatchRecords;
  readonly verifier: OfflineVerifier;
  readonly logger: Logger;
}

/** How far ahead of the server's clock a page's clock may run (its actions' times are kept as the page's). */
const CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

export function createOfflineMatchesApi(services: OfflineMatchesServices): Router {
  const { accounts, records, verifier, logger } = services;
  const router = express.Router({ caseSensitive: true, strict: true });
  let replaying = 0;
  router.use(identify(accounts.sessions));
  router.use(guardWrites(accounts.origin, accounts.limits));
  router.use(express.json({ limit: OFFLINE_MATCH_BODY_BYTES, strict: true }));

  router.post(
    "/",
    route(async (req, res) => {
      const { accountId } = signedIn(res);
      if (!(await allowed(accounts.limits, "offlineMatches", accountId, res))) return;
      const upload = readBody(req, res, OfflineMatchUpload);
      if (!upload) return;
      const latest = Date.now() + CLOCK_SKEW_MS;
      if (upload.createdAt > latest || upload.actions.some((a) => a.at > latest || a.at < upload.createdAt)) {
        refuse(res, 400, "bad-body", "actions: each is played after the match began, and none in the future");
        return;
      }
      const earlier = await keptAs(records.database, upload.matchId);
      if (earlier) return answerKeptBefore(res, upload.matchId, earlier, accountId);
      if (replaying >= OFFLINE_MATCHES_AT_ONCE) {
        refuse(res, 503, "busy", "the server is checking other offline matches; try again in a minute", {
          "Retry-After": "30",
        });
        return;
      }
      replaying++;
      let replay: Awaited<ReturnType<OfflineVerifier["replay"]>>;
      try {
        replay = await verifier.replay(upload, accountId);
      } finally {
        replaying--;
      }
      if (!replay.ok) {
        logger.info(
          { match: upload.matchId, account: accountId, reason: replay.message },
          "an offline match was not kept",
        );
        refuse(res, 422, "not-verified", `the match does not play out the same here: ${replay.message}`);
        return;
      }
      const { match } = replay;
      if (match.phase !== "finished" || !match.end) {
        refuse(res, 422, "not-finished", "only a finished match is kept: finish it first");
        return;
      }
      const result = {
        winner: match.winner,
        reason: match.end,
        shelves: [match.shelves[0].length, match.shelves[1].length] as const,
        finishedAt: replay.record.actions.at(-1)?.at ?? upload.createdAt,
      };
      const kept = await keepOfflineRecord(records.database, replay.record, {
        players: [upload.name, COMPUTER_NAMES[upload.level]],
        accounts: [accountId, null],
        result,
      });
      if (kept !== "kept") return answerKeptBefore(res, upload.matchId, kept.already, accountId);
      res.status(201).json({ matchId: upload.matchId, offline: true, result });
    }),
  );

  router.use(refuseUnreadableBodies(OFFLINE_MATCH_BODY_BYTES, "an offline match"));
  return router;
}

/**
 * The match's id is kept already: sent again by the page that kept it (a lost answer, another tab), it is
 * `200` and changes nothing; any other match by that id, `409`.
 */
function answerKeptBefore(
  res: Response,
  matchId: string,
  kept: { readonly account: string | null; readonly offline: boolean },
  accountId: string,
): void {
  if (kept.offline && kept.account === accountId) {
    res.status(200).json({ matchId, offline: true, kept: "before" });
    return;
  }
  refuse(res, 409, "already-kept", "a match with this id is kept already");
}

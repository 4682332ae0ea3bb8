import {
  ACCOUNT_ID_PATTERN,
  ChallengeRequest,
  describeIssue,
  type Friend,
  readUntrusted,
} from "@habibka/shared/protocol";
import { type Response, Router } from "express";
import { z } from "zod";
import { refuse } from "../http/http-refusals.ts";
import { allowed, readBody, route, sessionOf, signedIn } from "./account-http.ts";
import type { Accounts } from "./accounts.ts";
import type { ChallengeRefusal } from "./challenges.ts";
import { requireSession } from "./me-routes.ts";
import { shownRating } from "./ratings.ts";

/**
 * The routes about other players (docs/PROTOCOL.md, "Accounts"): profiles, the leaderboard, the friends'
 * list with who is online and where, and challenges to a table.
 */

const LeaderboardQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(50),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();

export function socialRoutes(accounts: Accounts): Router {
  const router = Router({ caseSensitive: true, strict: true });

  router.get(
    "/players/:id",
    route(async (req, res) => {
      const id = String(req.params.id);
      const profile = ACCOUNT_ID_PATTERN.test(id)
        ? await accounts.profile(id, sessionOf(res)?.accountId ?? null)
        : null;
      if (!profile) {
        noSuchPlayer(res);
        return;
      }
      res.setHeader("Cache-Control", "no-store");
      res.json(profile);
    }),
  );

  router.get(
    "/leaderboard",
    route(async (req, res) => {
      const query = readUntrusted(LeaderboardQuery, req.query);
      if (!query.ok) {
        refuse(res, 400, "bad-query", describeIssue(query.issue));
        return;
      }
      const players = await accounts.store.leaderboard(query.value.limit, query.value.offset);
      res.json({ players: players.map((p) => ({ id: p.id, name: p.name, rating: shownRating(p.rating) })) });
    }),
  );

  mountFriends(router, accounts);
  mountChallenges(router, accounts);
  return router;
}

function noSuchPlayer(res: Response): void {
  refuse(res, 404, "no-such-player", "no player has that id");
}

/** The other player a route names: an existing account, not oneself. Null once the refusal is sent. */
async function otherPlayer(accounts: Accounts, res: Response, id: string): Promise<string | null> {
  if (!ACCOUNT_ID_PATTERN.test(id) || !(await accounts.store.exists(id))) {
    noSuchPlayer(res);
    return null;
  }
  if (id === signedIn(res).accountId) {
    refuse(res, 400, "oneself", "that is your own account");
    return null;
  }
  return id;
}

function mountFriends(router: Router, accounts: Accounts): void {
  const entry = async (viewerId: string, friend: { id: string; name: string | null }): Promise<Friend> => {
    const status = await accounts.online.status(friend.id, viewerId);
    return { id: friend.id, name: friend.name, online: status.online, table: status.table };
  };

  router.get(
    "/friends",
    route(async (_req, res) => {
      const session = requireSession(res);
      if (!session) return;
      const friends = await accounts.friends.list(session.accountId);
      res.json({ friends: await Promise.all(friends.map((friend) => entry(session.accountId, friend))) });
    }),
  );

  router.put(
    "/friends/:id",
    route(async (req, res) => {
      const id = await otherPlayer(accounts, res, String(req.params.id));
      if (!id) return;
      const { accountId } = signedIn(res);
      if ((await accounts.friends.add(accountId, id)) === "full") {
        refuse(res, 409, "too-many-friends", "the friends' list is full: remove someone first");
        return;
      }
      const friend = await accounts.store.get(id);
      res.json(await entry(accountId, { id, name: friend?.name ?? null }));
    }),
  );

  router.delete(
    "/friends/:id",
    route(async (req, res) => {
      const id = await otherPlayer(accounts, res, String(req.params.id));
      if (!id) return;
      await accounts.friends.remove(signedIn(res).accountId, id);
      res.status(204).end();
    }),
  );
}

function mountChallenges(router: Router, accounts: Accounts): void {
  router.post(
    "/challenges",
    route(async (req, res) => {
      const body = readBody(req, res, ChallengeRequest);
      if (!body) return;
      const to = await otherPlayer(accounts, res, body.to);
      if (!to) return;
      const { accountId } = signedIn(res);
      if (!(await allowed(accounts.limits, "challenges", accountId, res))) return;
      const [from, target] = await Promise.all([accounts.store.get(accountId), accounts.store.get(to)]);
      if (!from || !target) throw new Error("a challenge between accounts that are gone");
      const sent = await accounts.challenges.send(
        { id: from.id, name: from.name },
        { id: target.id, name: target.name },
        body,
      );
      if ("refused" in sent) {
        refuseChallenge(res, sent);
        return;
      }
      res.status(201).json(sent);
    }),
  );

  router.get(
    "/challenges",
    route(async (_req, res) => {
      const session = requireSession(res);
      if (!session) return;
      res.setHeader("Cache-Control", "no-store");
      res.json(await accounts.challenges.pending(session.accountId));
    }),
  );

  router.post(
    "/challenges/:id/accept",
    route(async (req, res) => {
      const accepted = await accounts.challenges.accept(signedIn(res).accountId, String(req.params.id));
      if ("refused" in accepted) refuseChallenge(res, accepted);
      else res.json(accepted);
    }),
  );

  router.post(
    "/challenges/:id/decline",
    route(async (req, res) => {
      const refused = await accounts.challenges.decline(signedIn(res).accountId, String(req.params.id));
      if (refused) refuseChallenge(res, refused);
      else res.status(204).end();
    }),
  );

  router.delete(
    "/challenges/:id",
    route(async (req, res) => {
      const refused = await accounts.challenges.withdraw(signedIn(res).accountId, String(req.params.id));
      if (refused) refuseChallenge(res, refused);
      else res.status(204).end();
    }),
  );
}

function refuseChallenge(res: Response, refusal: ChallengeRefusal): void {
  switch (refusal.refused) {
    case "no-such-challenge":
      refuse(res, 404, "no-such-challenge", "you have no pending challenge with that id");
      return;
    case "challenge-closed":
      refuse(res, 409, "challenge-closed", `this challenge is no longer pending (${refusal.status})`);
      return;
    case "challenge-pending":
      refuse(res, 409, "challenge-pending", "a challenge between you two is already pending");
      return;
    case "too-many-challenges":
      refuse(
        res,
        429,
        "too-many-challenges",
        refusal.whose === "yours"
          ? "you have too many challenges waiting for an answer: withdraw one first"
          : "this player has too many challenges waiting for an answer",
      );
      return;
  }
}

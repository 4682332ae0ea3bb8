import { randomUUID } from "node:crypto";
import type { Presence } from "@colyseus/core";
import type { Challenge, ChallengeRequest, ChallengeStatus } from "@habibka/shared/protocol";
import { PUBLIC_SHOT_CLOCK_DEFAULT } from "@habibka/shared/protocol";
import type { Logger } from "../logger.ts";
import { ACCOUNT_BOUNDS } from "../rate-limits.ts";
import type { LiveEvents } from "./live-events.ts";

/**
 * Challenges to a table between two accounts, kept in presence (Redis with several processes) for the two
 * minutes they last, so that whichever process the answer reaches finds them. At most one is pending between
 * two players (a key per pair, taken atomically), a few from each sender and to each receiver. Answering one
 * is decided once, by an atomic count, whichever process and however many answers arrive together; the
 * accepted one's table is made with both seats kept for the two accounts (seat 0 the challenger), and both
 * are told its code on their live event streams.
 */

const CHALLENGE_SECONDS = 120;
/** How long an answered challenge is still shown as such to a late reader. */
const ANSWERED_SECONDS = 30;

/** What makes the accepted challenge's table: resolves with its code. */
export type ChallengeTable = (challenge: Challenge) => Promise<string>;

export type ChallengeRefusal =
  | { readonly refused: "no-such-challenge" }
  | { readonly refused: "challenge-closed"; readonly status: ChallengeStatus }
  | { readonly refused: "challenge-pending" }
  | { readonly refused: "too-many-challenges"; readonly whose: "yours" | "theirs" };

const challengeKey = (id: string) => `challenge:${id}`;
const indexKey = (accountId: string) => `challenges-of:${accountId}`;
const pairKey = (a: string, b: string) => `challenge-pair:${[a, b].sort().join(":")}`;
const answerKey = (id: string) => `challenge-answered:${id}`;

export class Challenges {
  readonly #presence: () => Presence;
  readonly #events: LiveEvents;
  readonly #table: ChallengeTable;
  readonly #logger: Logger;
  readonly #now: () => number;
  readonly #timers = new Set<NodeJS.Timeout>();

  constructor(
    presence: () => Presence,
    events: LiveEvents,
    table: ChallengeTable,
    logger: Logger,
    now: () => number = Date.now,
  ) {
    this.#presence = presence;
    this.#events = events;
    this.#table = table;
    this.#logger = logger;
    this.#now = now;
  }

  /** A new challenge from one account to another (both exist, and differ: the route checks). */
  async send(
    from: { readonly id: string; readonly name: string | null },
    to: { readonly id: string; readonly name: string | null },
    request: ChallengeRequest,
  ): Promise<Challenge | ChallengeRefusal> {
    const [mine, theirs] = await Promise.all([this.pending(from.id), this.pending(to.id)]);
    if (mine.outgoing.length >= ACCOUNT_BOUNDS.outgoingChallenges)
      return { refused: "too-many-challenges", whose: "yours" };
    if (theirs.incoming.length >= ACCOUNT_BOUNDS.incomingChallenges)
      return { refused: "too-many-challenges", whose: "theirs" };
    const presence = this.#presence();
    const pair = pairKey(from.id, to.id);
    if ((await presence.incr(pair)) !== 1) return { refused: "challenge-pending" };
    await presence.expire(pair, CHALLENGE_SECONDS + 5);
    const now = this.#now();
    const rated = request.rated ?? false;
    const challenge: Challenge = {
      id: randomUUID(),
      from,
      to,
      status: "pending",
      opening: request.opening ?? "lag",
      shotClock: request.shotClock ?? (rated ? PUBLIC_SHOT_CLOCK_DEFAULT : 0),
      rated,
      createdAt: now,
      expiresAt: now + CHALLENGE_SECONDS * 1000,
    };
    await presence.setex(challengeKey(challenge.id), JSON.stringify(challenge), CHALLENGE_SECONDS + 5);
    for (const account of [from.id, to.id]) {
      await presence.hset(indexKey(account), challenge.id, String(challenge.expiresAt));
    }
    this.#events.publish(to.id, { type: "challenge", data: challenge });
    this.#expireLater(challenge);
    return challenge;
  }

  /** The account's pending challenges; those past their time are ended as expired on the way. */
  async pending(accountId: string): Promise<{ incoming: Challenge[]; outgoing: Challenge[] }> {
    const presence = this.#presence();
    const ids = Object.keys((await presence.hgetall(indexKey(accountId))) ?? {});
    const incoming: Challenge[] = [];
    const outgoing: Challenge[] = [];
    for (const id of ids) {
      const challenge = await this.#read(id);
      if (challenge?.status !== "pending") {
        await presence.hdel(indexKey(accountId), id);
        continue;
      }
      if (challenge.expiresAt <= this.#now()) {
        await this.#answer(challenge, "expired");
        continue;
      }
      (challenge.to.id === accountId ? incoming : outgoing).push(challenge);
    }
    const byAge = (a: Challenge, b: Challenge) => a.createdAt - b.createdAt;
    return { incoming: incoming.sort(byAge), outgoing: outgoing.sort(byAge) };
  }

  /** The challenged accepts: the table is made and both are told its code. */
  async accept(accountId: string, id: string): Promise<{ readonly code: string } | ChallengeRefusal> {
    const found = await this.#pendingFor(id, (c) => c.to.id === accountId);
    if ("refused" in found) return found;
    if (!(await this.#decide(found))) return { refused: "challenge-closed", status: "accepted" };
    let code: string;
    try {
      code = await this.#table(found);
    } catch (cause) {
      this.#logger.error({ err: cause, challenge: id }, "could not make a challenge's table");
      await this.#finish(found, "expired");
      throw cause;
    }
    await this.#finish(found, "accepted", code);
    return { code };
  }

  async decline(accountId: string, id: string): Promise<ChallengeRefusal | null> {
    return this.#end(id, (c) => c.to.id === accountId, "declined");
  }

  async withdraw(accountId: string, id: string): Promise<ChallengeRefusal | null> {
    return this.#end(id, (c) => c.from.id === accountId, "withdrawn");
  }

  /** The process stops: its expiry timers go (another process's reading ends what they would have). */
  stop(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  async #end(
    id: string,
    mayAnswer: (challenge: Challenge) => boolean,
    status: ChallengeStatus,
  ): Promise<ChallengeRefusal | null> {
    const found = await this.#pendingFor(id, mayAnswer);
    if ("refused" in found) return found;
    return (await this.#answer(found, status)) ? null : { refused: "challenge-closed", status };
  }

  /** The challenge if it is the account's to answer and still pending. */
  async #pendingFor(id: string, mayAnswer: (challenge: Challenge) => boolean): Promise<Challenge | ChallengeRefusal> {
    const challenge = await this.#read(id);
    if (!challenge || !mayAnswer(challenge)) return { refused: "no-such-challenge" };
    if (challenge.status !== "pending") return { refused: "challenge-closed", status: challenge.status };
    if (challenge.expiresAt <= this.#now()) {
      await this.#answer(challenge, "expired");
      return { refused: "challenge-closed", status: "expired" };
    }
    return challenge;
  }

  async #read(id: string): Promise<Challenge | null> {
    const text = (await this.#presence().get(challengeKey(id))) as string | null | undefined;
    return text ? (JSON.parse(text) as Challenge) : null;
  }

  /** Whether this answer is the one that decides the challenge (the first of any at once, in any process). */
  async #decide(challenge: Challenge): Promise<boolean> {
    const presence = this.#presence();
    const key = answerKey(challenge.id);
    const count = await presence.incr(key);
    await presence.expire(key, CHALLENGE_SECONDS + ANSWERED_SECONDS);
    return count === 1;
  }

  /** Ends the challenge with `status` if this answer decides it; false when another answer came first. */
  async #answer(challenge: Challenge, status: ChallengeStatus): Promise<boolean> {
    if (!(await this.#decide(challenge))) return false;
    await this.#finish(challenge, status);
    return true;
  }

  /** The decided challenge's end is kept a little while, the pair is free again, and both are told. */
  async #finish(challenge: Challenge, status: ChallengeStatus, code?: string): Promise<void> {
    const presence = this.#presence();
    const ended: Challenge = { ...challenge, status, ...(code ? { code } : {}) };
    await presence.setex(challengeKey(challenge.id), JSON.stringify(ended), ANSWERED_SECONDS);
    for (const account of [challenge.from.id, challenge.to.id]) {
      await presence.hdel(indexKey(account), challenge.id);
    }
    presence.del(pairKey(challenge.from.id, challenge.to.id));
    const update = { id: challenge.id, status, ...(code ? { code } : {}) };
    for (const account of [challenge.from.id, challenge.to.id]) {
      this.#events.publish(account, { type: "challenge-update", data: update });
    }
  }

  /** The sending process ends the challenge when its time is up; should it stop first, a reader does. */
  #expireLater(challenge: Challenge): void {
    const timer = setTimeout(
      () => {
        this.#timers.delete(timer);
        void this.#read(challenge.id)
          .then((current) => (current?.status === "pending" ? this.#answer(current, "expired") : false))
          .catch((cause: unknown) => this.#logger.warn({ err: cause }, "could not expire a challenge"));
      },
      Math.max(0, challenge.expiresAt - this.#now()),
    );
    timer.unref();
    this.#timers.add(timer);
  }
}

import type { Decision, LevelSpec, Situation } from "@habibka/shared/computer";
import { readPosition } from "@habibka/shared/computer";
import type { ComputerLevel } from "@habibka/shared/match";
import type { EngineName } from "@habibka/shared/physics";
import { answerPracticeShot, practiceHintOf, readPracticeShot } from "@habibka/shared/practice";
import express, { type Router } from "express";
import type { Logger } from "../logger.ts";
import type { ShotPhysics } from "../physics/physics-pool.ts";
import { MAX_BODY_BYTES } from "./front-door.ts";
import { refuse, refuseUnreadableBodies } from "./http-refusals.ts";

/**
 * The practice table's two calls (docs/PROTOCOL.md, "The practice table"). Their bodies are the simulator's
 * scenario and the `advise` command's position, checked by those commands' own code, so a practice position
 * means what it means everywhere; a bad one is answered 400 with the field at fault. The work is done off the
 * event loop, in the pools the tables use (what is read and answered is `@habibka/shared/practice`'s, the same
 * code a page's worker plays without the server): the shot's physics in the physics pool, the hint's search in the
 * computer's decision pool. Each pool takes only a few practice jobs at once (more are answered 503), so the
 * practice table can never crowd out the matches being played; the per-address limits are the front door's.
 */

/** What the practice calls need from the process. */
export interface PracticeServices {
  readonly physics: ShotPhysics;
  readonly decisions: {
    decide(situation: Situation, level: ComputerLevel | LevelSpec, seed: number): Promise<Decision>;
  };
  readonly engine: EngineName;
  readonly logger: Logger;
  /** Practice shots simulated at once in the process; beyond it a shot is answered 503. */
  readonly shotsAtOnce: number;
  /** Hints searched at once; the decision pool's threads, so a live computer waits for at most one hint each. */
  readonly hintsAtOnce: number;
}

/** A busy pool's answer says to try again in a second: the jobs it runs take well under that. */
const RETRY_SOON = { "Retry-After": "1" };

/** A count of jobs running now, refusing more than its limit. */
function gate(limit: number) {
  let running = 0;
  return {
    enter(): boolean {
      if (running >= limit) return false;
      running++;
      return true;
    },
    leave(): void {
      running--;
    },
  };
}

export function createPracticeApi(services: PracticeServices): Router {
  // Case-sensitive and strict, so the front door's choice of limit (by the path) and the route always agree.
  const router = express.Router({ caseSensitive: true, strict: true });
  const shots = gate(services.shotsAtOnce);
  const hints = gate(services.hintsAtOnce);

  // The dev client (Vite, another port) posts JSON here: its preflight is answered, for any origin, as the
  // match records are readable from any origin.
  router.use((req, res, next) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    if (req.method !== "OPTIONS") return next();
    res.setHeader("Access-Control-Allow-Methods", "POST");
    res.setHeader("Access-Control-Allow-Headers", "Content-Type");
    res.setHeader("Access-Control-Max-Age", "600");
    res.status(204).end();
  });
  router.use((req, res, next) => {
    if (req.method === "POST" && !req.is("application/json")) {
      refuse(res, 415, "not-json", "send the position as JSON (Content-Type: application/json)");
      return;
    }
    next();
  });
  router.use(express.json({ limit: MAX_BODY_BYTES, strict: true }));

  router.post("/shot", async (req, res) => {
    const request = readPracticeShot(req.body);
    if (!request.ok) return refuse(res, 400, "bad-position", request.message);
    if (!shots.enter()) {
      return refuse(
        res,
        503,
        "busy",
        "the server is simulating many practice shots; try again in a moment",
        RETRY_SOON,
      );
    }
    let simulation: Awaited<ReturnType<ShotPhysics["simulate"]>>;
    try {
      simulation = await services.physics.simulate(request.simulation, services.engine);
    } catch (cause) {
      services.logger.error({ err: cause }, "a practice shot could not be simulated");
      return refuse(res, 500, "internal", "the shot could not be simulated");
    } finally {
      shots.leave();
    }
    const answer = answerPracticeShot(request.scenario, simulation);
    if (!answer.ok) return refuse(res, 400, "bad-position", answer.message);
    res.json(answer.value);
  });

  router.post("/hint", async (req, res) => {
    const read = readPosition(req.body);
    if (!read.ok) return refuse(res, 400, "bad-position", read.message);
    const { situation, level, seed } = read.position;
    if (!hints.enter()) {
      return refuse(res, 503, "busy", "the computer is answering other hints; try again in a moment", RETRY_SOON);
    }
    let decision: Decision;
    try {
      decision = await services.decisions.decide(situation, level, seed);
    } catch (cause) {
      services.logger.warn({ err: cause }, "a practice hint was not found");
      return refuse(res, 503, "no-hint", "the computer could not answer this time; try again", RETRY_SOON);
    } finally {
      hints.leave();
    }
    const hint = practiceHintOf(decision, level);
    if (!hint) {
      services.logger.error({ decision: decision.type }, "a practice position gave a decision that is not a shot");
      return refuse(res, 500, "internal", "the computer gave no shot for this position");
    }
    res.json(hint);
  });

  router.use(refuseUnreadableBodies(MAX_BODY_BYTES));
  return router;
}

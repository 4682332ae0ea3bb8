import { encodeTrace, judgeScenario, visibleEnd } from "@habibka/shared";
import type { Decision, LevelSpec, Situation } from "@habibka/shared/computer";
import { readPosition } from "@habibka/shared/computer";
import type { ComputerLevel } from "@habibka/shared/match";
import type { EngineName } from "@habibka/shared/physics";
import type { PracticeHint, PracticeHintKind, PracticeShotAnswer } from "@habibka/shared/protocol";
import { validateScenario } from "@habibka/shared/sim";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import type { Logger } from "../logger.ts";
import type { ShotPhysics } from "../physics/physics-pool.ts";
import { MAX_BODY_BYTES } from "./front-door.ts";
import { refuse } from "./http-refusals.ts";

/**
 * The practice table's two calls (docs/PROTOCOL.md, "The practice table"). Their bodies are the simulator's
 * scenario and the `advise` command's position, checked by those commands' own code, so a practice position
 * means what it means everywhere; a bad one is answered 400 with the field at fault. The work is done off the
 * event loop, in the pools the tables use: the shot's physics in the physics pool, the hint's search in the
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

const HINT_KINDS: readonly string[] = ["pot", "safety", "forced"] satisfies PracticeHintKind[];
const isHintKind = (kind: string): kind is PracticeHintKind => HINT_KINDS.includes(kind);

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
    const checked = validateScenario(req.body, [], { outOfPlay: true });
    if (!checked.ok) return refuse(res, 400, "bad-position", checked.message);
    const scenario = checked.scenario;
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
      simulation = await services.physics.simulate(
        { balls: scenario.balls, strokes: [scenario.shot], trace: true },
        services.engine,
      );
    } catch (cause) {
      services.logger.error({ err: cause }, "a practice shot could not be simulated");
      return refuse(res, 500, "internal", "the shot could not be simulated");
    } finally {
      shots.leave();
    }
    const judged = judgeScenario(scenario, simulation.events, simulation.rest, { outOfPlay: true });
    if (!judged.ok) {
      return refuse(res, 400, "bad-position", `${judged.error.field ?? "scenario"}: ${judged.error.message}`);
    }
    const { details, position } = judged.value;
    const answer: PracticeShotAnswer = {
      shot: {
        kind: "shot",
        seat: 0,
        request: {
          stroke: { ...scenario.shot, offset: scenario.shot.offset ?? { x: 0, y: 0 } },
          call: scenario.call ?? [],
        },
        before: scenario.balls,
        events: simulation.events,
        trace: Buffer.from(encodeTrace(simulation.trace ?? [])).toString("base64"),
        duration: visibleEnd(simulation.trace ?? []),
        verdict: details,
      },
      position: {
        balls: position.table,
        match: { shelf: position.shelves, debt: position.debts, opening: false },
      },
    };
    res.json(answer);
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
    if (decision.type !== "shot" || !isHintKind(decision.kind)) {
      services.logger.error({ decision: decision.type }, "a practice position gave a decision that is not a shot");
      return refuse(res, 500, "internal", "the computer gave no shot for this position");
    }
    const hint: PracticeHint = {
      level,
      stroke: decision.intended,
      call: decision.call,
      place: decision.place ?? null,
      kind: decision.kind,
      expected: { success: decision.expected.success },
    };
    res.json(hint);
  });

  // A body that is not JSON, or too long once read (a body without a length): a short answer saying so.
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const type = (error as { type?: unknown } | null)?.type;
    if (type === "entity.parse.failed") return refuse(res, 400, "bad-json", "the request body is not JSON");
    if (type === "entity.too.large") {
      return refuse(res, 413, "body-too-large", `a request body may be at most ${MAX_BODY_BYTES} bytes`);
    }
    next(error);
  });
  return router;
}

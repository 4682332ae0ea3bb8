import type { MatchResult } from "@habibka/shared/match";
import {
  COMPUTER_NAMES,
  COMPUTER_SEAT,
  drawValue,
  initialMatch,
  type MatchRecord,
  type MatchState,
  RECORD_FORMAT,
  type RecordedAction,
  type RecordHeader,
  recordedPart,
} from "@habibka/shared/match";
import { type EngineName, simulateForTable } from "@habibka/shared/physics";
import {
  answerOffer,
  judgePlannedLag,
  judgePlannedShot,
  planLag,
  planShot,
  type Step,
  shotSimulation,
  stepMatch,
  stepOnto,
} from "@habibka/shared/pipeline";
import {
  DEFAULT_SEAT_HOLD_SECONDS,
  type OfflineMatchUpload,
  strokeDigests,
  type UploadedAction,
} from "@habibka/shared/protocol";

/**
 * An offline match played again on the server's own engine (docs/SECURITY.md, "Offline matches"). The page's
 * physics is never taken on trust: every stroke is simulated here from the request the page recorded, judged
 * by the same match state machine, and the match is kept only if every stroke's outcome (its events, its
 * resting table, its verdict) has the digest the page sent. The seats and the draw are made here as the
 * page's table makes them. Synchronous and CPU-bound: run in a worker thread (offline-verifier.ts).
 */

export type Replay =
  | { readonly ok: true; readonly record: MatchRecord; readonly match: MatchState }
  | { readonly ok: false; readonly message: string };

/** The header of the server's copy: a private table against the computer, no clock, as the page's. */
export function offlineHeader(upload: OfflineMatchUpload): RecordHeader {
  return {
    format: RECORD_FORMAT,
    matchId: upload.matchId,
    code: "",
    settings: {
      visibility: "private",
      opening: upload.opening,
      shotClock: 0,
      seatHoldSeconds: DEFAULT_SEAT_HOLD_SECONDS,
      spectatorCap: 0,
      opponent: "computer",
      level: upload.level,
      pace: upload.pace,
      offline: true,
    },
    seed: upload.seed,
    createdAt: upload.createdAt,
  };
}

class Refused extends Error {}

/** The action to record for an uploaded one, its stroke simulated here. */
function stepOf(match: MatchState, uploaded: UploadedAction, engine: EngineName): MatchResult<Step> {
  const { player } = uploaded;
  switch (uploaded.type) {
    case "shot": {
      const plan = planShot(match, player, uploaded.shot);
      if (!plan.ok) return plan;
      return judgePlannedShot(match, plan.value, simulateForTable(shotSimulation(plan.value), engine));
    }
    case "lag": {
      const plan = planLag(match, player, uploaded.lag);
      if (!plan.ok) return plan;
      const { pair } = plan.value;
      return judgePlannedLag(match, plan.value, pair ? simulateForTable(pair.simulation, engine) : null);
    }
    case "answer":
      return answerOffer(match, player, uploaded.answer);
    case "resign":
      return stepMatch(match, { type: "resign", shot: uploaded.shotNumber, player });
  }
}

/**
 * Plays the upload again: `account` is the account it is kept for (its player's seat carries it, as a `sit`
 * with a session cookie does), `newToken` makes the seats' token hashes (nobody ever comes back to them).
 */
export async function replayOfflineMatch(
  upload: OfflineMatchUpload,
  engine: EngineName,
  seat: { readonly account?: string; readonly newToken: () => string },
): Promise<Replay> {
  const { newToken } = seat;
  const header = offlineHeader(upload);
  let match = initialMatch(header);
  const actions: RecordedAction[] = [];
  /** Each recorded action's index → the upload's digest of its stroke, when it played one. */
  const claimed = new Map<number, string | undefined>();
  const record = (step: Step, at: number): void => {
    // Applied as stored (the step was judged on its JSON's form), as a live table applies it.
    const applied = stepOnto(match, step);
    if (!applied) throw new Refused(`the match no longer takes its ${step.action.type}`);
    match = applied.state;
    actions.push({ at, action: step.action, ...(step.played ? { played: recordedPart(step.played) } : {}) });
  };
  const made = (step: MatchResult<Step>, at: number, what: string): void => {
    if (!step.ok) throw new Refused(`${what}: ${step.error.message}`);
    record(step.value, at);
  };
  try {
    const at = upload.createdAt;
    made(
      stepMatch(match, { type: "sit", player: COMPUTER_SEAT, name: COMPUTER_NAMES[upload.level], token: newToken() }),
      at,
      "the computer's seat",
    );
    const account = seat.account ? { account: seat.account } : {};
    made(
      stepMatch(match, { type: "sit", player: 0, name: upload.name, token: newToken(), ...account }),
      at,
      "the player's seat",
    );
    if (match.phase === "draw") {
      made(
        stepMatch(match, { type: "draw", shot: match.shotNumber, source: { value: drawValue(upload.seed) } }),
        at,
        "the draw",
      );
    }
    for (const [index, uploaded] of upload.actions.entries()) {
      if (match.phase === "finished")
        throw new Refused(`action ${index} (${uploaded.type}) comes after the match ended`);
      const step = stepOf(match, uploaded, engine);
      if (!step.ok) throw new Refused(`action ${index} (${uploaded.type}): ${step.error.message}`);
      if (step.value.played) claimed.set(actions.length, "outcome" in uploaded ? uploaded.outcome : undefined);
      else if ("outcome" in uploaded && uploaded.outcome) {
        throw new Refused(`action ${index} (${uploaded.type}) played no stroke here`);
      }
      record(step.value, uploaded.at);
    }
  } catch (cause) {
    if (cause instanceof Refused) return { ok: false, message: cause.message };
    throw cause;
  }
  const replayed: MatchRecord = { header, actions };
  const digests = await strokeDigests(replayed);
  if (!digests.ok) return { ok: false, message: digests.error.message };
  for (const [index, digest] of digests.value) {
    if (claimed.get(index) !== digest) {
      const action = actions[index]!.action;
      const number = "shot" in action ? action.shot : match.shotNumber;
      return { ok: false, message: `stroke ${number} (${action.type}) comes out differently on the server's engine` };
    }
  }
  return { ok: true, record: replayed, match };
}

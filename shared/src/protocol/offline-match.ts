import { z } from "zod";
import type { MatchAction } from "../match/actions.ts";
import { COMPUTER_LEVELS, COMPUTER_PACES } from "../match/opponent.ts";
import { foldRecord, type MatchRecord } from "../match/record.ts";
import { fail, ok, type Result } from "../rules/result.ts";
import { MAX_SHOT_NUMBER } from "../shot/shot-number.ts";
import { AnswerMessage, LagMessage, ShotMessage } from "./client-messages.ts";
import { OpeningMode } from "./table-options.ts";
import { PlayerName } from "./text-schemas.ts";

/**
 * A match played against the computer without the network, as the page sends it to the server to be kept in
 * the player's history (docs/PROTOCOL.md, "Offline matches"). It is the match's record without what the
 * server works out for itself: the seats (the player in seat 0, the computer in seat 1, as at any table
 * against it), the draw (from the seed) and every stroke's physics. For each stroke the page sends instead
 * the digest of what it showed (the events, the resting table and the verdict), and the server plays the
 * match again on its own engine and keeps it only if every digest is its own.
 */

/** The most actions an upload may carry: several times a long match's strokes, offers and answers. */
export const MAX_OFFLINE_ACTIONS = 1000;

const Seat = z.union([z.literal(0), z.literal(1)]);
/** When the action was played, by the page's clock, in ms since the epoch. */
const At = z.number().int().min(0).max(8.64e15);
/** SHA-256 in base64url, unpadded. */
const Digest = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "expected a SHA-256 digest in base64url");

export const UploadedAction = z.discriminatedUnion("type", [
  z.object({ type: z.literal("lag"), at: At, player: Seat, lag: LagMessage, outcome: Digest.optional() }).strict(),
  z.object({ type: z.literal("shot"), at: At, player: Seat, shot: ShotMessage, outcome: Digest }).strict(),
  z.object({ type: z.literal("answer"), at: At, player: Seat, answer: AnswerMessage }).strict(),
  z
    .object({
      type: z.literal("resign"),
      at: At,
      player: Seat,
      shotNumber: z.number().int().min(0).max(MAX_SHOT_NUMBER),
    })
    .strict(),
]);
export type UploadedAction = z.infer<typeof UploadedAction>;

export const OfflineMatchUpload = z
  .object({
    matchId: z.uuid(),
    createdAt: At,
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1),
    opening: OpeningMode,
    level: z.enum(COMPUTER_LEVELS),
    pace: z.enum(COMPUTER_PACES),
    /** The player's name in seat 0 (the computer's is its level's). */
    name: PlayerName,
    actions: z.array(UploadedAction).min(1).max(MAX_OFFLINE_ACTIONS),
  })
  .strict();
export type OfflineMatchUpload = z.infer<typeof OfflineMatchUpload>;

/** What a stroke came to, as both sides digest it: its events, where the balls came to rest, its verdict. */
export async function outcomeDigest(outcome: {
  readonly events: unknown;
  readonly rest: unknown;
  readonly verdict: unknown;
}): Promise<string> {
  const json = JSON.stringify({ events: outcome.events, rest: outcome.rest, verdict: outcome.verdict });
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(json)));
  let binary = "";
  for (const byte of hash) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * Each stroke of a record with the digest of its outcome, by the action's index, from the one fold of a record
 * (match/record.ts): the page digests what it showed, the server what it played again, by the same code.
 */
export async function strokeDigests(record: MatchRecord): Promise<Result<Map<number, string>>> {
  const outcomes: { index: number; outcome: { events: unknown; rest: unknown; verdict: unknown } }[] = [];
  const folded = foldRecord(record, ({ entry, played }) => {
    const action = entry.action;
    const rest = "result" in action && action.result ? action.result.rest : [];
    outcomes.push({
      index: record.actions.indexOf(entry),
      outcome: { events: played.events, rest, verdict: played.verdict },
    });
  });
  if (!folded.ok) return folded;
  const digests = new Map<number, string>();
  for (const { index, outcome } of outcomes) digests.set(index, await outcomeDigest(outcome));
  return ok(digests);
}

/** The upload of a finished offline match from its record as the page keeps it. */
export async function offlineUploadOf(record: MatchRecord): Promise<Result<OfflineMatchUpload>> {
  const { header } = record;
  const { settings } = header;
  const folded = foldRecord(record);
  if (!folded.ok) return folded;
  const name = folded.value.seats[0]?.name;
  if (settings.opponent !== "computer" || !settings.level || !name) {
    return fail("record-corrupt", "not a match against the computer", "Это не партия с компьютером.");
  }
  const digests = await strokeDigests(record);
  if (!digests.ok) return digests;
  const actions: UploadedAction[] = [];
  for (const [index, { at, action }] of record.actions.entries()) {
    const uploaded = uploadedAction(action, at, digests.value.get(index));
    if (uploaded === "corrupt") {
      return fail(
        "record-corrupt",
        `action ${index} (${action.type}) has no place in an offline match`,
        "Запись повреждена.",
      );
    }
    if (uploaded) actions.push(uploaded);
  }
  return ok({
    matchId: header.matchId,
    createdAt: header.createdAt,
    seed: header.seed,
    opening: settings.opening,
    level: settings.level,
    pace: settings.pace ?? "normal",
    name,
    actions,
  });
}

/** One action as uploaded; null for what the server makes itself (the seats, the draw, a rematch asked). */
function uploadedAction(
  action: MatchAction,
  at: number,
  outcome: string | undefined,
): UploadedAction | null | "corrupt" {
  switch (action.type) {
    case "sit":
    case "draw":
    case "rematch":
      return null;
    case "lag": {
      const { player, place, angle, speed } = action;
      return { type: "lag", at, player, lag: { place, angle, speed }, ...(outcome ? { outcome } : {}) };
    }
    case "shot": {
      if (!outcome) return "corrupt";
      const { player, shot, stroke, call, place } = action;
      const offset = stroke.offset ?? { x: 0, y: 0 };
      const message = {
        shotNumber: shot,
        stroke: { ...stroke, offset },
        call: [...(call ?? [])],
        ...(place ? { place } : {}),
      };
      return { type: "shot", at, player, shot: message, outcome };
    }
    case "take":
    case "pass":
      return {
        type: "answer",
        at,
        player: action.player,
        answer: { shotNumber: action.shot, accept: action.type === "take" },
      };
    case "resign":
      return { type: "resign", at, player: action.player, shotNumber: action.shot };
    case "clock":
    case "expire":
    case "leave":
      return "corrupt";
  }
}

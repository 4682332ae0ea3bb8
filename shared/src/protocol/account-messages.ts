import { z } from "zod";
import { OpeningMode, ShotClock } from "./table-options.ts";
import { PlayerName } from "./text-schemas.ts";

/**
 * The accounts' HTTP API (docs/PROTOCOL.md, "Accounts"): the bodies the server reads, as schemas both sides
 * share, and the answers it sends, as types. Every route is JSON on the game's own origin.
 */

/** An account's id: a UUID as the server makes them (lower-case hex). */
export const ACCOUNT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `PATCH /api/me`. */
export const RenameRequest = z.object({ name: PlayerName }).strict();

/** Binary fields of a WebAuthn answer: base64url, bounded (the whole request is at most 4 KiB anyway). */
const Base64Url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, "expected base64url");
const CredentialFields = {
  id: Base64Url.min(1).max(1024),
  rawId: Base64Url.min(1).max(1024),
  type: z.literal("public-key"),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

/**
 * The browser's answer to a passkey's registration, as `@simplewebauthn/browser`'s `startRegistration`
 * gives it (the WebAuthn library checks what it means; this is only its shape).
 */
export const RegistrationResponse = z.object({
  ...CredentialFields,
  response: z.looseObject({
    clientDataJSON: Base64Url,
    attestationObject: Base64Url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});
export type RegistrationResponse = z.infer<typeof RegistrationResponse>;

/** The browser's answer to a passkey's sign-in (`startAuthentication`). */
export const AuthenticationResponse = z.object({
  ...CredentialFields,
  response: z.looseObject({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    userHandle: Base64Url.optional(),
  }),
});
export type AuthenticationResponse = z.infer<typeof AuthenticationResponse>;

/** `POST /api/passkeys`. */
export const PasskeyRegistration = z.object({ response: RegistrationResponse }).strict();
/** `POST /api/passkeys/sign-in`. */
export const PasskeySignIn = z.object({ response: AuthenticationResponse }).strict();

/** `POST /api/challenges`: whom to challenge, and the table's settings. */
export const ChallengeRequest = z
  .object({
    to: z.string().regex(ACCOUNT_ID_PATTERN, "expected a player's id"),
    opening: OpeningMode.optional(),
    shotClock: ShotClock.optional(),
    rated: z.boolean().optional(),
  })
  .strict()
  .superRefine((challenge, context) => {
    if (challenge.rated && challenge.shotClock === 0) {
      context.addIssue({ code: "custom", path: ["shotClock"], message: "a rated table needs a shot clock" });
    }
  });
export type ChallengeRequest = z.infer<typeof ChallengeRequest>;

/** Glicko-2, starting at 1500 / 350 / 0 (docs/PROTOCOL.md, "Rated tables and ratings"). */
export interface Rating {
  readonly value: number;
  readonly deviation: number;
  readonly games: number;
  /** The deviation is above the threshold at which a rating is trusted: it is still being found. */
  readonly provisional: boolean;
}

/** `GET /api/me`, and the answer of `PATCH /api/me` and of a passkey's sign-in. */
export interface MeAnswer {
  readonly id: string;
  readonly name: string | null;
  readonly rating: Rating;
  readonly passkeys: number;
}

export type MatchOutcome = "win" | "loss" | "unfinished";

export interface PlayedMatch {
  readonly matchId: string;
  readonly rated: boolean;
  readonly result: MatchOutcome;
  readonly opponent: { readonly id: string | null; readonly name: string };
  /** When the match began, epoch ms. */
  readonly at: number;
  readonly visibility: "public" | "private";
  /** How the rating moved with this match (rated and settled ones only). */
  readonly ratingChange: number | null;
  /** Played against the computer without the network, then sent and verified (docs/PROTOCOL.md, "Offline matches"). */
  readonly offline: boolean;
}

export interface PlayerStats {
  readonly wins: number;
  readonly losses: number;
  /** Balls scored for the player (penalty balls not counted). */
  readonly pots: number;
  /** His strokes: not the lag, not a shot clock's expiry. */
  readonly strokes: number;
  /** The strokes that scored at least one ball, in per cent of his strokes, to a tenth; 0 before the first. */
  readonly potPercentage: number;
  /** Fouls by the rules' clause that made them (`"17"`, ...). */
  readonly fouls: Readonly<Record<string, number>>;
}

/** `GET /api/players/:id`. */
export interface PlayerProfile {
  readonly id: string;
  readonly name: string | null;
  readonly rating: Rating;
  readonly matches: readonly PlayedMatch[];
  readonly stats: PlayerStats;
  /** Whether he has the site open or sits at a table. */
  readonly online: boolean;
  /** For a signed-in viewer: whether the player is among his friends. */
  readonly friend?: boolean;
}

/** `GET /api/leaderboard`. */
export interface LeaderboardAnswer {
  readonly players: readonly { readonly id: string; readonly name: string | null; readonly rating: Rating }[];
}

export interface Friend {
  readonly id: string;
  readonly name: string | null;
  readonly online: boolean;
  /** The code of the table he sits at, when it is public or this player sits there too; else null. */
  readonly table: string | null;
}

/** `GET /api/passkeys`. */
export interface PasskeyListing {
  readonly passkeys: readonly { readonly id: string; readonly createdAt: number; readonly lastUsedAt: number | null }[];
}

export type ChallengeStatus = "pending" | "accepted" | "declined" | "withdrawn" | "expired";

/** A challenge to a table, as `POST /api/challenges`, `GET /api/challenges` and the `challenge` event carry it. */
export interface Challenge {
  readonly id: string;
  readonly from: { readonly id: string; readonly name: string | null };
  readonly to: { readonly id: string; readonly name: string | null };
  readonly status: ChallengeStatus;
  readonly opening: "lag" | "draw";
  readonly shotClock: number;
  readonly rated: boolean;
  readonly createdAt: number;
  readonly expiresAt: number;
  /** The table's code once accepted. */
  readonly code?: string;
}

/** The `challenge-update` event. */
export interface ChallengeUpdate {
  readonly id: string;
  readonly status: ChallengeStatus;
  readonly code?: string;
}

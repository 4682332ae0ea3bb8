import type { Presence } from "@colyseus/core";
import type { AuthenticationResponse, RegistrationResponse } from "@habibka/shared/protocol";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { Kysely } from "kysely";
import { ACCOUNT_BOUNDS } from "../rate-limits.ts";
import type { SiteOrigin } from "./account-http.ts";
import type { AccountsDatabase } from "./accounts-schema.ts";

/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): how an account, made anonymously on a first visit,
 * comes to another device. A passkey is registered for the signed-in account (discoverable, so that signing
 * in needs no name), and signs in wherever the site's origin is. Every ceremony's challenge is kept in
 * presence (Redis with several processes) for two minutes and can be used once, by whichever process the
 * answer reaches.
 */

const CHALLENGE_SECONDS = 120;
const RP_NAME = "Habibka Online";
/**
 * The key kinds a passkey may be made with (COSE ids): Ed25519, P-256 and RSA. The library would put the
 * post-quantum ML-DSA first where Node supports it, and Chromium takes it, but its key and signature (2.4 KB
 * and more) would not fit the front door's 4 KiB bodies: the passkey could never sign in.
 */
const PASSKEY_ALGORITHMS = [-8, -7, -257];

type Purpose = { readonly purpose: "registration"; readonly accountId: string } | { readonly purpose: "sign-in" };

export interface PasskeySummary {
  readonly id: string;
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
}

/** Why a ceremony's answer was not taken: said to the player as it is. */
export class PasskeyRefusal extends Error {}

export class Passkeys {
  readonly #db: Kysely<AccountsDatabase>;
  readonly #presence: () => Presence;
  readonly #origin: SiteOrigin;

  constructor(db: Kysely<AccountsDatabase>, presence: () => Presence, origin: SiteOrigin) {
    this.#db = db;
    this.#presence = presence;
    this.#origin = origin;
  }

  /** Options for a new passkey of the account; its existing ones are excluded, so a device makes one only. */
  async registrationOptions(account: {
    readonly id: string;
    readonly name: string | null;
  }): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.list(account.id);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.#origin.rpId(),
      userName: account.name ?? `habibka-${account.id.slice(0, 8)}`,
      userDisplayName: account.name ?? "Habibka",
      userID: new TextEncoder().encode(account.id),
      attestationType: "none",
      excludeCredentials: existing.map((passkey) => ({ id: passkey.id })),
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      timeout: CHALLENGE_SECONDS * 1000,
    });
    await this.#keep(options.challenge, { purpose: "registration", accountId: account.id });
    return options;
  }

  /** Verifies a registration and keeps the passkey; resolves with how many the account has now. */
  async register(accountId: string, response: RegistrationResponse, now = Date.now()): Promise<number> {
    if ((await this.list(accountId)).length >= ACCOUNT_BOUNDS.passkeys) {
      throw new PasskeyRefusal(`an account keeps at most ${ACCOUNT_BOUNDS.passkeys} passkeys: remove one first`);
    }
    const verified = await this.#verified(() =>
      verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: (challenge) =>
          this.#take(challenge, (kept) => kept.purpose === "registration" && kept.accountId === accountId),
        expectedOrigin: this.#origin.origins(),
        expectedRPID: this.#origin.rpId(),
        requireUserVerification: false,
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      }),
    );
    if (!verified.verified) throw new PasskeyRefusal("the passkey could not be verified");
    const { credential } = verified.registrationInfo;
    const taken = await this.#db.selectFrom("passkeys").select("id").where("id", "=", credential.id).executeTakeFirst();
    if (taken) throw new PasskeyRefusal("this passkey is registered already");
    await this.#db
      .insertInto("passkeys")
      .values({
        id: credential.id,
        account_id: accountId,
        public_key: credential.publicKey,
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        created_at: now,
        last_used_at: null,
      })
      .execute();
    return (await this.list(accountId)).length;
  }

  async list(accountId: string): Promise<PasskeySummary[]> {
    const rows = await this.#db
      .selectFrom("passkeys")
      .select(["id", "created_at", "last_used_at"])
      .where("account_id", "=", accountId)
      .orderBy("created_at")
      .execute();
    return rows.map((row) => ({
      id: row.id,
      createdAt: Number(row.created_at),
      lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    }));
  }

  /** Removes one of the account's passkeys; false when it has none with that id. */
  async remove(accountId: string, id: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom("passkeys")
      .where("id", "=", id)
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Options for signing in with any passkey of the site (discoverable: no list of credentials). */
  async authenticationOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await generateAuthenticationOptions({
      rpID: this.#origin.rpId(),
      userVerification: "preferred",
      timeout: CHALLENGE_SECONDS * 1000,
    });
    await this.#keep(options.challenge, { purpose: "sign-in" });
    return options;
  }

  /** Verifies a sign-in; resolves with the passkey's account. */
  async signIn(response: AuthenticationResponse, now = Date.now()): Promise<string> {
    const row = await this.#db
      .selectFrom("passkeys")
      .select(["id", "account_id", "public_key", "counter", "transports"])
      .where("id", "=", response.id)
      .executeTakeFirst();
    if (!row) throw new PasskeyRefusal("this passkey is not registered here (it may have been removed)");
    const verified = await this.#verified(() =>
      verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: (challenge) => this.#take(challenge, (kept) => kept.purpose === "sign-in"),
        expectedOrigin: this.#origin.origins(),
        expectedRPID: this.#origin.rpId(),
        credential: {
          id: row.id,
          publicKey: new Uint8Array(row.public_key),
          counter: Number(row.counter),
          transports: JSON.parse(row.transports),
        },
        requireUserVerification: false,
      }),
    );
    if (!verified.verified) throw new PasskeyRefusal("the passkey's signature could not be verified");
    await this.#db
      .updateTable("passkeys")
      .set({ counter: verified.authenticationInfo.newCounter, last_used_at: now })
      .where("id", "=", row.id)
      .execute();
    return row.account_id;
  }

  /** Runs the library's verification; what it throws about the answer is a refusal, said as it says it. */
  async #verified<T>(verify: () => Promise<T>): Promise<T> {
    try {
      return await verify();
    } catch (cause) {
      if (cause instanceof PasskeyRefusal) throw cause;
      throw new PasskeyRefusal(`the passkey's answer was refused: ${(cause as Error).message}`);
    }
  }

  async #keep(challenge: string, purpose: Purpose): Promise<void> {
    await this.#presence().setex(`passkey-challenge:${challenge}`, JSON.stringify(purpose), CHALLENGE_SECONDS);
  }

  /**
   * Takes a challenge, once: the first to count it wins (an atomic increment, so two processes racing with
   * the same answer cannot both use it). False for one unknown, expired, used, or meant for something else.
   */
  async #take(challenge: string, fits: (kept: Purpose) => boolean): Promise<boolean> {
    if (!/^[A-Za-z0-9_-]{16,128}$/.test(challenge)) return false;
    const presence = this.#presence();
    const key = `passkey-challenge:${challenge}`;
    const kept = (await presence.get(key)) as string | null | undefined;
    if (!kept) return false;
    const uses = await presence.incr(`${key}:uses`);
    await presence.expire(`${key}:uses`, CHALLENGE_SECONDS);
    presence.del(key);
    return uses === 1 && fits(JSON.parse(kept) as Purpose);
  }
}

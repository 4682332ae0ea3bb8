import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  startAuthentication,
  startRegistration,
} from "@simplewebauthn/browser";
import { type ApiAnswer, apiCall, nothing } from "./account-api.ts";
import { type Me, readCount, readMe, readTime, record } from "./account-data.ts";

/**
 * Passkeys [ключи доступа] (docs/PROTOCOL.md, "Passkeys"): the browser's WebAuthn ceremonies, through
 * `@simplewebauthn/browser`, around the server's options and checks. Registering one puts this account on
 * the device's authenticator (a phone, a laptop's, a security key); signing in with one on another device
 * brings the account there. Loaded with the account menu only.
 */

export interface Passkey {
  readonly id: string;
  readonly createdAt: number | null;
  readonly lastUsedAt: number | null;
}

/** What went wrong in the browser, apart from the server's refusals. */
type CeremonyProblem = "unsupported" | "cancelled" | "already-registered" | "failed";

export type CeremonyAnswer<T> = ApiAnswer<T> | { readonly ok: false; readonly ceremony: CeremonyProblem };

export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

function readPasskeys(value: unknown): Passkey[] | null {
  const list = record(value)?.passkeys;
  if (!Array.isArray(list)) return null;
  return list.slice(0, 100).flatMap((item) => {
    const p = record(item);
    const id = typeof p?.id === "string" && p.id.length <= 512 ? p.id : null;
    return p && id ? [{ id, createdAt: readTime(p.createdAt), lastUsedAt: readTime(p.lastUsedAt) }] : [];
  });
}

/**
 * The registration answer without the fields the browser adds for the site's convenience (`publicKey`,
 * `publicKeyAlgorithm`, `authenticatorData`): each repeats what `attestationObject` holds, which is what the
 * server verifies, and together they nearly double the request.
 */
function trimmed(response: RegistrationResponseJSON): RegistrationResponseJSON {
  const { publicKey: _key, publicKeyAlgorithm: _algorithm, authenticatorData: _data, ...kept } = response.response;
  return { ...response, response: kept };
}

/** Options are the server's to shape; the ceremony reads them, so only their being an object is checked. */
function readOptions<T>(value: unknown): T | null {
  const options = record(value);
  return options && typeof options.challenge === "string" ? (options as T) : null;
}

function ceremonyProblem(error: unknown): CeremonyProblem {
  const name = error instanceof Error ? error.name : "";
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError") return "already-registered";
  if (name === "NotAllowedError" || name === "AbortError" || code === "ERROR_CEREMONY_ABORTED") return "cancelled";
  return "failed";
}

export function listPasskeys(): Promise<ApiAnswer<Passkey[]>> {
  return apiCall("GET", "/api/passkeys", readPasskeys);
}

export function removePasskey(id: string): Promise<ApiAnswer<true>> {
  return apiCall("DELETE", `/api/passkeys/${encodeURIComponent(id)}`, nothing);
}

/** Registers a passkey for this account on this device; answers how many the account now has. */
export async function addPasskey(): Promise<CeremonyAnswer<number>> {
  if (!passkeysSupported()) return { ok: false, ceremony: "unsupported" };
  const options = await apiCall(
    "POST",
    "/api/passkeys/registration",
    readOptions<PublicKeyCredentialCreationOptionsJSON>,
  );
  if (!options.ok) return options;
  let response: RegistrationResponseJSON;
  try {
    response = trimmed(await startRegistration({ optionsJSON: options.value }));
  } catch (error) {
    return { ok: false, ceremony: ceremonyProblem(error) };
  }
  return apiCall("POST", "/api/passkeys", (body) => (record(body) ? readCount(record(body)?.passkeys) : null), {
    response,
  });
}

/**
 * Signs this browser in to the account of a passkey the device holds (the one it had before stays as it
 * was, reachable by its own passkeys); answers the account signed in to.
 */
export async function signInWithPasskey(): Promise<CeremonyAnswer<Me>> {
  if (!passkeysSupported()) return { ok: false, ceremony: "unsupported" };
  const options = await apiCall(
    "POST",
    "/api/passkeys/authentication",
    readOptions<PublicKeyCredentialRequestOptionsJSON>,
  );
  if (!options.ok) return options;
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({ optionsJSON: options.value });
  } catch (error) {
    return { ok: false, ceremony: ceremonyProblem(error) };
  }
  return apiCall("POST", "/api/passkeys/sign-in", readMe, { response });
}

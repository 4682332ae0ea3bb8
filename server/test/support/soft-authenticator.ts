import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

/**
 * A passkey authenticator in software, built with node:crypto as the WebAuthn specification lays its
 * answers out: an ES256 key pair per credential, the authenticator data, a "none" attestation in CBOR, and
 * assertions signed over the authenticator data and the client data's hash. It plays the browser's part too
 * (the client data, with the origin it is given), so the server's checks meet what a real browser sends. Its
 * credentials are discoverable and "synced": the same object signs in from any number of visitors, as a
 * passkey manager does on a person's devices.
 */

interface Credential {
  readonly id: Buffer;
  readonly privateKey: KeyObject;
  readonly userHandle: string;
  readonly rpId: string;
  counter: number;
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest();

/** Flags of the authenticator data: user present, user verified, attested credential data included. */
const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED = 0x40;

export interface CreationOptions {
  readonly challenge: string;
  readonly rp: { readonly id?: string };
  readonly user: { readonly id: string };
  readonly authenticatorSelection?: { readonly residentKey?: string; readonly userVerification?: string };
  readonly excludeCredentials?: readonly { readonly id: string }[];
}

export interface RequestOptions {
  readonly challenge: string;
  readonly rpId?: string;
  readonly allowCredentials?: readonly { readonly id: string }[];
}

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];
  /** The origin the "browser" reports in its client data. */
  origin: string;

  constructor(origin: string) {
    this.origin = origin;
  }

  /** `navigator.credentials.create()`: a new credential, and the answer startRegistration would give. */
  register(options: CreationOptions) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const credential: Credential = {
      id: randomBytes(32),
      privateKey,
      userHandle: options.user.id,
      rpId,
      counter: 0,
    };
    this.credentials.push(credential);
    // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    const coseKey = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      this.#head(credential, USER_PRESENT | USER_VERIFIED | ATTESTED),
      Buffer.alloc(16),
      idLength,
      credential.id,
      coseKey,
    ]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key" as const,
      response: {
        clientDataJSON: this.#clientData("webauthn.create", options.challenge),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }

  /** `navigator.credentials.get()` with a discoverable credential (the last one made, unless named). */
  authenticate(options: RequestOptions, credentialId?: string) {
    const credential = credentialId
      ? this.credentials.find((c) => b64url(c.id) === credentialId)
      : this.credentials.at(-1);
    if (!credential) throw new Error("the authenticator has no such credential");
    credential.counter++;
    const authData = this.#head(credential, USER_PRESENT | USER_VERIFIED);
    const clientDataJSON = this.#clientData("webauthn.get", options.challenge);
    const signature = sign("sha256", Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, "base64url"))]), {
      key: credential.privateKey,
      dsaEncoding: "der",
    });
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key" as const,
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }

  /** The relying party's hash, the flags and the signature counter. */
  #head(credential: Credential, flags: number): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    return Buffer.concat([sha256(credential.rpId), Buffer.from([flags]), counter]);
  }

  #clientData(type: string, challenge: string): string {
    return b64url(Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false })));
  }
}

/** CBOR (RFC 8949) of what the answers hold: integers, byte and text strings, and maps. */
function cbor(value: unknown): Buffer {
  if (typeof value === "number") {
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) {
    const parts = [head(5, value.size)];
    for (const [key, item] of value) parts.push(cbor(key), cbor(item));
    return Buffer.concat(parts);
  }
  throw new Error(`no CBOR for ${typeof value}`);
}

/** A data item's head: its major type and its argument. */
function head(major: number, argument: number): Buffer {
  if (argument < 24) return Buffer.from([(major << 5) | argument]);
  if (argument < 0x100) return Buffer.from([(major << 5) | 24, argument]);
  if (argument < 0x10000) {
    const bytes = Buffer.alloc(3);
    bytes[0] = (major << 5) | 25;
    bytes.writeUInt16BE(argument, 1);
    return bytes;
  }
  const bytes = Buffer.alloc(5);
  bytes[0] = (major << 5) | 26;
  bytes.writeUInt32BE(argument, 1);
  return bytes;
}

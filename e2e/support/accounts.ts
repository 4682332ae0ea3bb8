import type { CDPSession, Page } from "playwright-core";
import { waitFor } from "./table-page.ts";

/**
 * Helpers for the accounts' browser tests: who a page is signed in as (the header's account button says it
 * in `data-account`), the account as the server has it, and Chromium's virtual authenticator, which plays a
 * phone's or a laptop's passkey store so that a passkey can be made in one browser and used in another.
 */

export interface AccountSeen {
  readonly id: string;
  readonly name: string | null;
  readonly rating: { readonly value: number; readonly deviation: number; readonly games: number };
  readonly passkeys: number;
}

/** The account id the page's header shows, once the server has said who this is. */
export async function accountOf(page: Page): Promise<string> {
  return (await waitFor(
    "the account in the header",
    () => page.getByTestId("account-button").getAttribute("data-account", { timeout: 1000 }),
    (id) => typeof id === "string" && id.length > 0,
    20_000,
  ))!;
}

/** The account as `GET /api/me` answers this page's cookie. */
export async function accountAnswer(page: Page): Promise<AccountSeen> {
  return page.evaluate(async () => {
    const response = await fetch("/api/me", { credentials: "include" });
    return (await response.json()) as AccountSeen;
  });
}

/** A passkey store on this page's browser: resident keys, user verification that always passes. */
export interface Authenticator {
  readonly cdp: CDPSession;
  readonly id: string;
}

export async function addAuthenticator(page: Page): Promise<Authenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

/**
 * Copies every passkey of one authenticator into another (a passkey synced to the player's other device):
 * answers how many were copied.
 */
export async function copyPasskeys(from: Authenticator, to: Authenticator): Promise<number> {
  const { credentials } = await from.cdp.send("WebAuthn.getCredentials", { authenticatorId: from.id });
  for (const credential of credentials) {
    await to.cdp.send("WebAuthn.addCredential", { authenticatorId: to.id, credential });
  }
  return credentials.length;
}

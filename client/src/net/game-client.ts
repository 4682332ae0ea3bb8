import { Client, type Room, ServerError } from "@colyseus/sdk";
import { TableState } from "@habibka/shared/state";
import { gameServerEndpoint } from "./endpoint.ts";

let client: Client | null = null;

/** One SDK client for the page: the lobby and the table share its endpoint. */
export function gameClient(): Client {
  client ??= new Client(gameServerEndpoint());
  return client;
}

/**
 * A create the server refused, with the reason it names (`error` in its JSON answer, docs/PROTOCOL.md,
 * "HTTP"), so that the page can say it in the player's language; `limit` is the number the reason is about.
 */
export class CreateRefused extends Error {
  readonly code: string;
  readonly limit: number | undefined;

  constructor(message: string, code: string, limit: number | undefined) {
    super(message);
    this.name = "CreateRefused";
    this.code = code;
    this.limit = limit;
  }
}

/**
 * Creates a table and joins it, as the SDK's `create` does. The SDK keeps only the message of a refusal;
 * this asks for the seat itself so that a refusal keeps its code (`CreateRefused`).
 */
export async function createTable(options: Record<string, unknown>): Promise<Room<unknown, TableState>> {
  const sdk = gameClient();
  let reservation: Parameters<Client["consumeSeatReservation"]>[0];
  try {
    const answer = await sdk.http.post("/matchmake/create/habibka", {
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: options,
    });
    reservation = answer.data;
  } catch (error) {
    const body = error instanceof ServerError ? (error.data as { error?: unknown; limit?: unknown } | undefined) : null;
    if (error instanceof ServerError && typeof body?.error === "string") {
      throw new CreateRefused(error.message, body.error, typeof body.limit === "number" ? body.limit : undefined);
    }
    throw error;
  }
  return sdk.consumeSeatReservation(reservation, TableState);
}

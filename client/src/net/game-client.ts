import { Client } from "@colyseus/sdk";
import { gameServerEndpoint } from "./endpoint.ts";

let client: Client | null = null;

/** One SDK client for the page: the lobby and the table share its endpoint. */
export function gameClient(): Client {
  client ??= new Client(gameServerEndpoint());
  return client;
}

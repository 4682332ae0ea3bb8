import { useSyncExternalStore } from "react";
import { gameServerEndpoint } from "../net/endpoint.ts";

/**
 * Whether the page plays with the server or without it. Three things say so: the browser's own word
 * (`navigator.onLine`, which knows only that there is no network at all), whether the server answered the
 * last time the page asked (`/healthz`, or a practice call that found nobody there: a network that is up
 * but goes nowhere, a metro's Wi-Fi), and the player's own choice («Играть без сети»), kept in this browser.
 * Without the server, the practice table and the computer play in the page (src/offline/), and what only the
 * server has (tables with people, the lobby's list, match pages) says so instead of waiting.
 */

/** What the page knows of the server: not asked yet, answered, or did not answer the last time it was asked. */
type Reach = "unknown" | "reached" | "unreachable";

export interface Connectivity {
  readonly online: boolean;
  readonly reach: Reach;
  /** The player chose to play without the network. */
  readonly chosen: boolean;
}

export type ConnectivityEvent =
  | { readonly type: "network"; readonly online: boolean }
  | { readonly type: "reach"; readonly reach: Exclude<Reach, "unknown"> }
  | { readonly type: "choose"; readonly offline: boolean };

export function nextConnectivity(state: Connectivity, event: ConnectivityEvent): Connectivity {
  switch (event.type) {
    case "network":
      // The network came back: whether the server is there is asked again, not assumed.
      return { ...state, online: event.online, reach: event.online && !state.online ? "unknown" : state.reach };
    case "reach":
      return { ...state, reach: event.reach };
    case "choose":
      return { ...state, chosen: event.offline };
  }
}

/** The page plays without the server: by the player's choice, or because it cannot be reached. */
export function playsOffline(state: Connectivity): boolean {
  return state.chosen || !state.online || state.reach === "unreachable";
}

/** Why the page plays without the server, for the lobby's words; null while it plays with it. */
export function offlineReason(state: Connectivity): "chosen" | "no-network" | "no-server" | null {
  if (state.chosen) return "chosen";
  if (!state.online) return "no-network";
  return state.reach === "unreachable" ? "no-server" : null;
}

const CHOICE_KEY = "habibka.offline";
/** A question to the server that has no answer by then has none: a bad network's request can hang for minutes. */
const PROBE_TIMEOUT_MS = 5_000;
/** While the server cannot be reached but the network is up, it is asked again this often. */
const PROBE_AGAIN_MS = 20_000;

function storedChoice(): boolean {
  try {
    return globalThis.localStorage?.getItem(CHOICE_KEY) === "1";
  } catch {
    return false;
  }
}

let state: Connectivity = {
  online: globalThis.navigator?.onLine ?? true,
  reach: "unknown",
  chosen: storedChoice(),
};
const listeners = new Set<() => void>();
let probing: Promise<void> | null = null;
let again: ReturnType<typeof setTimeout> | null = null;
let watching = false;

function apply(event: ConnectivityEvent): void {
  const next = nextConnectivity(state, event);
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

/** Asks the server whether it is there; the answer (or its absence) is the page's reach. */
export function probeServer(): Promise<void> {
  probing ??= (async () => {
    if (again) clearTimeout(again);
    again = null;
    let reached = false;
    try {
      const answer = await fetch(`${gameServerEndpoint()}/healthz`, {
        cache: "no-store",
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      reached = answer.ok;
    } catch {
      reached = false;
    }
    // The browser's own word may have changed without an event (a page loaded just as the network went).
    apply({ type: "network", online: globalThis.navigator?.onLine ?? true });
    apply({ type: "reach", reach: reached ? "reached" : "unreachable" });
    if (!reached && state.online) again = setTimeout(() => void probeServer(), PROBE_AGAIN_MS);
  })().finally(() => {
    probing = null;
  });
  return probing;
}

/** A call to the server found nobody there (the practice table's, say): the page plays without it. */
export function serverUnreachable(): void {
  apply({ type: "reach", reach: "unreachable" });
  if (!again && state.online) again = setTimeout(() => void probeServer(), PROBE_AGAIN_MS);
}

export function chooseOffline(offline: boolean): void {
  try {
    if (offline) globalThis.localStorage?.setItem(CHOICE_KEY, "1");
    else globalThis.localStorage?.removeItem(CHOICE_KEY);
  } catch {
    // Not kept past this page: the choice still holds while it is open.
  }
  apply({ type: "choose", offline });
  if (!offline) void probeServer();
}

export function connectivity(): Connectivity {
  return state;
}

/** Starts following the browser's network events, and asks the server once. */
function watch(): void {
  if (watching || typeof window === "undefined") return;
  watching = true;
  window.addEventListener("online", () => {
    apply({ type: "network", online: true });
    void probeServer();
  });
  window.addEventListener("offline", () => apply({ type: "network", online: false }));
  void probeServer();
}

function subscribe(listener: () => void): () => void {
  watch();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The page's connectivity, for a component: it re-renders when any of the three changes. */
export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribe, connectivity);
}

import { type ApiAnswer, apiCall, nothing } from "./account-api.ts";
import {
  type Challenge,
  type ChallengeStatus,
  type Friend,
  type Me,
  readChallenge,
  readChallenges,
  readChallengeUpdate,
  readCode,
  readFriends,
  readMe,
} from "./account-data.ts";
import { followLiveEvents } from "./live-events.ts";

/**
 * This browser's account as the page knows it: who he is (`GET /api/me`, which also hands a new visitor his
 * anonymous account's cookie), his friends, the challenges waiting on him or on his friends, and what became
 * of those that ended. Fed by the HTTP answers and by the one live-events stream the page keeps open on every
 * screen; a plain object with subscribe/getState, read by React through useSyncExternalStore.
 */

type AccountStatus = "loading" | "ready" | "offline";

/** A challenge that ended, said in words until the player closes it. */
export interface ChallengeNotice {
  readonly id: string;
  readonly status: Exclude<ChallengeStatus, "pending">;
  /** The other player's name. */
  readonly name: string;
  /** This player sent the challenge. */
  readonly sent: boolean;
  /** The table, once accepted. */
  readonly code: string | null;
}

export interface AccountState {
  readonly status: AccountStatus;
  readonly me: Me | null;
  /** Null until first read. */
  readonly friends: readonly Friend[] | null;
  readonly incoming: readonly Challenge[];
  readonly outgoing: readonly Challenge[];
  readonly notices: readonly ChallengeNotice[];
}

export interface ChallengeOptions {
  readonly rated: boolean;
}

const INITIAL: AccountState = { status: "loading", me: null, friends: null, incoming: [], outgoing: [], notices: [] };
const NOTICES_KEPT = 4;

export class AccountStore {
  #state: AccountState = INITIAL;
  #listeners = new Set<() => void>();
  #tableListeners = new Set<(code: string) => void>();
  /** Challenges whose table this page has opened already: the accept's answer and its event both name it. */
  #seated = new Set<string>();
  #stopEvents: (() => void) | null = null;
  #started = false;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getState = (): AccountState => this.#state;

  #set(patch: Partial<AccountState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const listener of this.#listeners) listener();
  }

  /** Called with a table's code when a challenge this page took part in is accepted: both go to it. */
  onTable(listener: (code: string) => void): () => void {
    this.#tableListeners.add(listener);
    return () => this.#tableListeners.delete(listener);
  }

  /** Reads the account once per page and then follows its live events. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    void this.#load();
  }

  async #load(): Promise<void> {
    const answer = await apiCall("GET", "/api/me", readMe);
    if (!answer.ok) {
      // Play goes on without an account (the name typed stays in this tab); the next visit asks again.
      this.#set({ status: "offline" });
      return;
    }
    this.#set({ status: "ready", me: answer.value });
    this.#stopEvents = followLiveEvents({
      onOpen: () => {
        void this.refreshChallenges();
        // Friends are read by the pages that show them; one shown meanwhile may have missed a change.
        if (this.#state.friends !== null) void this.refreshFriends();
      },
      onRefused: () => void this.refreshMe(),
      events: {
        challenge: (data) => this.#onChallenge(data),
        "challenge-update": (data) => this.#onChallengeUpdate(data),
        friends: () => void this.refreshFriends(),
      },
    });
  }

  stop(): void {
    this.#stopEvents?.();
    this.#stopEvents = null;
  }

  /**
   * Reads the account again: its rating after a match, its passkeys after one was added. If this browser is
   * someone else now (its session ended from another device, so `GET /api/me` made a new account; another tab
   * signed in with a passkey), everything on the page was the other account's: it starts over.
   */
  async refreshMe(): Promise<void> {
    const answer = await apiCall("GET", "/api/me", readMe);
    if (!answer.ok) return;
    if (answer.value.id === this.#state.me?.id) this.#set({ me: answer.value });
    else if (this.#state.me) window.location.reload();
  }

  async rename(name: string): Promise<ApiAnswer<Me>> {
    const answer = await apiCall("PATCH", "/api/me", readMe, { name });
    if (answer.ok) this.#set({ me: answer.value });
    return answer;
  }

  async refreshFriends(): Promise<void> {
    const answer = await apiCall("GET", "/api/friends", readFriends);
    if (answer.ok) this.#set({ friends: answer.value });
  }

  async addFriend(id: string): Promise<ApiAnswer<true>> {
    const answer = await apiCall("PUT", `/api/friends/${encodeURIComponent(id)}`, nothing);
    if (answer.ok) void this.refreshFriends();
    return answer;
  }

  async removeFriend(id: string): Promise<ApiAnswer<true>> {
    const answer = await apiCall("DELETE", `/api/friends/${encodeURIComponent(id)}`, nothing);
    if (answer.ok) this.#set({ friends: (this.#state.friends ?? []).filter((f) => f.id !== id) });
    return answer;
  }

  async refreshChallenges(): Promise<void> {
    const answer = await apiCall("GET", "/api/challenges", readChallenges);
    if (answer.ok) this.#set(answer.value);
  }

  async challenge(to: string, options: ChallengeOptions): Promise<ApiAnswer<Challenge>> {
    const answer = await apiCall("POST", "/api/challenges", readChallenge, { to, rated: options.rated });
    if (answer.ok) this.#set({ outgoing: withChallenge(this.#state.outgoing, answer.value) });
    return answer;
  }

  async accept(id: string): Promise<ApiAnswer<string>> {
    const answer = await apiCall("POST", `/api/challenges/${encodeURIComponent(id)}/accept`, (body) =>
      readCode((body as { code?: unknown } | null)?.code),
    );
    if (answer.ok) this.#enter(id, answer.value);
    else void this.refreshChallenges();
    return answer;
  }

  async decline(id: string): Promise<ApiAnswer<true>> {
    const answer = await apiCall("POST", `/api/challenges/${encodeURIComponent(id)}/decline`, nothing);
    this.#set({ incoming: this.#state.incoming.filter((c) => c.id !== id) });
    return answer;
  }

  async withdraw(id: string): Promise<ApiAnswer<true>> {
    const answer = await apiCall("DELETE", `/api/challenges/${encodeURIComponent(id)}`, nothing);
    this.#set({ outgoing: this.#state.outgoing.filter((c) => c.id !== id) });
    return answer;
  }

  dismissNotice(id: string): void {
    this.#set({ notices: this.#state.notices.filter((n) => n.id !== id) });
  }

  /** Ends this browser's session (or every session of the account) and starts the page over. */
  async signOut(everywhere: boolean): Promise<ApiAnswer<true>> {
    const answer = await apiCall("POST", everywhere ? "/api/me/sign-out-everywhere" : "/api/me/sign-out", nothing);
    if (answer.ok) {
      this.stop();
      window.location.assign("/");
    }
    return answer;
  }

  #enter(id: string, code: string): void {
    this.#set({
      incoming: this.#state.incoming.filter((c) => c.id !== id),
      outgoing: this.#state.outgoing.filter((c) => c.id !== id),
    });
    if (this.#seated.has(id)) return;
    this.#seated.add(id);
    for (const listener of this.#tableListeners) listener(code);
  }

  #onChallenge(data: unknown): void {
    const challenge = readChallenge(data);
    const me = this.#state.me?.id;
    if (challenge?.status !== "pending" || !me) return;
    if (challenge.to.id === me) this.#set({ incoming: withChallenge(this.#state.incoming, challenge) });
    else if (challenge.from.id === me) this.#set({ outgoing: withChallenge(this.#state.outgoing, challenge) });
  }

  #onChallengeUpdate(data: unknown): void {
    const update = readChallengeUpdate(data);
    if (!update || update.status === "pending") return;
    const sent = this.#state.outgoing.find((c) => c.id === update.id);
    const received = this.#state.incoming.find((c) => c.id === update.id);
    const known = sent ?? received;
    // The challenger is taken to the table; the one who accepted went there with his answer (in this tab),
    // or sees where it is (in another tab of his, which must not take the seat from the first).
    if (update.status === "accepted" && update.code && sent && document.visibilityState !== "hidden") {
      this.#enter(update.id, update.code);
      return;
    }
    this.#set({
      incoming: this.#state.incoming.filter((c) => c.id !== update.id),
      outgoing: this.#state.outgoing.filter((c) => c.id !== update.id),
    });
    if (!known || this.#seated.has(update.id)) return;
    const notice: ChallengeNotice = {
      id: update.id,
      status: update.status,
      name: sent ? sent.to.name : (received?.from.name ?? ""),
      sent: sent !== undefined,
      code: update.code,
    };
    this.#set({ notices: [notice, ...this.#state.notices.filter((n) => n.id !== notice.id)].slice(0, NOTICES_KEPT) });
  }
}

/** The list with this challenge in it once, newest first. */
function withChallenge(list: readonly Challenge[], challenge: Challenge): Challenge[] {
  return [challenge, ...list.filter((c) => c.id !== challenge.id)];
}

/** The page's account: one per page, started by the app. */
export const account = new AccountStore();

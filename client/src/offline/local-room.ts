import { proxy } from "comlink";
import type { LocalTarget } from "../net/session-target.ts";
import type { TableRoom } from "../net/table-room.ts";
import type { SyncedState } from "../net/table-snapshot.ts";
import type { LocalEvent, LocalTableRequest } from "./local-table.ts";
import { workerEngine } from "./worker-engine.ts";

/**
 * A table against the computer in this page, as its session sees a room: the table itself runs in the
 * page's worker (local-table.ts), and this passes its messages and state on, and the player's messages
 * back. What the worker says before the session has attached (the welcome, the first state) waits here,
 * in order, until it has.
 */
class LocalRoom implements TableRoom {
  readonly roomId = "";
  readonly #handlers = new Map<string, (message: unknown) => void>();
  #onState: ((state: SyncedState) => void) | null = null;
  #waiting: LocalEvent[] | null = [];

  deliver(event: LocalEvent): void {
    if (this.#waiting) this.#waiting.push(event);
    else this.#dispatch(event);
  }

  /** The session has attached its handlers (it does so as soon as the room is open): what waited is told. */
  attached(): void {
    const waiting = this.#waiting ?? [];
    this.#waiting = null;
    for (const event of waiting) this.#dispatch(event);
  }

  #dispatch(event: LocalEvent): void {
    if (event.kind === "state") this.#onState?.(event.state);
    else this.#handlers.get(event.type)?.(event.message);
  }

  onMessage<T>(type: string, callback: (message: T) => void): void {
    this.#handlers.set(type, callback as (message: unknown) => void);
  }

  onStateChange(callback: (state: SyncedState) => void): void {
    this.#onState = callback;
  }

  // The table is in this page: its link never drops, and it leaves only when the page does.
  onDrop(): void {}
  onReconnect(): void {}
  onLeave(): void {}

  send(type: string, message: unknown): void {
    void workerEngine().send(type, message);
  }

  async leave(): Promise<void> {
    await workerEngine().closeTable();
  }

  readonly shots = (matchId: string) => workerEngine().shots(matchId);
}

/** Opens a table against the computer in the page's worker; refused when a match to resume is not kept here. */
export async function openLocalRoom(target: LocalTarget, name: string): Promise<TableRoom> {
  const request: LocalTableRequest =
    "resume" in target
      ? { kind: "resume", matchId: target.resume }
      : { kind: "new", name, level: target.level, pace: target.pace, opening: "lag" };
  const room = new LocalRoom();
  const opened = await workerEngine().openTable(
    request,
    proxy((event: LocalEvent) => room.deliver(event)),
  );
  if (!opened) throw new Error("this browser keeps no such offline match");
  // The session attaches its handlers as soon as this resolves, before any task that could deliver more.
  setTimeout(() => room.attached(), 0);
  return room;
}

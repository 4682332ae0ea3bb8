import { Client, type Room } from "@colyseus/sdk";
import { useEffect, useState } from "react";
import { gameServerEndpoint } from "./endpoint.ts";
import { snapshotOf, type TableSnapshot } from "./table-snapshot.ts";

export type RoomStatus =
  | { kind: "connecting" }
  | { kind: "joined"; sessionId: string }
  | { kind: "error"; message: string };

/** Joins (or creates) a `habibka` table under the given name and follows its synced state. */
export function useTableRoom(name: string | null) {
  const [status, setStatus] = useState<RoomStatus>({ kind: "connecting" });
  const [snapshot, setSnapshot] = useState<TableSnapshot>({ balls: [], players: [] });

  useEffect(() => {
    if (!name) return;
    let room: Room | undefined;
    let cancelled = false;
    const client = new Client(gameServerEndpoint());
    client
      .joinOrCreate("habibka", { name })
      .then((joined) => {
        if (cancelled) {
          void joined.leave();
          return;
        }
        room = joined;
        setStatus({ kind: "joined", sessionId: joined.sessionId });
        joined.onStateChange((state) => setSnapshot(snapshotOf(state)));
      })
      .catch((error: unknown) => {
        if (!cancelled) setStatus({ kind: "error", message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      cancelled = true;
      void room?.leave();
    };
  }, [name]);

  return { status, snapshot };
}

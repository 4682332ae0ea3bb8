import type { AimMessage } from "@habibka/shared/protocol";
import { useCallback, useEffect, useRef, useState } from "react";
import { turnKey } from "../game/aim-draft.ts";
import type { TurnRights } from "../game/turn-rights.ts";
import type { SessionState } from "../net/session-state.ts";
import type { TableSession } from "../net/table-session.ts";
import { createThrottle } from "../net/throttle.ts";
import type { ComposedStroke } from "./use-stroke-composer.ts";

/** Aim messages: under the server's 10 per second, with room for jitter. */
const AIM_INTERVAL_MS = 150;

/**
 * The live table's end of a composed stroke: the shot or the lag sent to the server once per turn, and the
 * aim relayed to the others while it is composed. `ready` is false while a stroke sent waits for its answer
 * or the table is away.
 */
export function useStrokeSender(session: TableSession, state: SessionState, rights: TurnRights) {
  const { canLag, canShoot, placing } = rights;
  const shotNumber = state.snapshot.shotNumber;
  const turnNow = turnKey(state.snapshot);
  // A shot sent and not yet answered: the controls wait, so a double click never sends it twice. A refusal
  // (an error message) or the next turn frees them.
  const [sentFor, setSentFor] = useState<string | null>(null);
  const errorId = state.error?.id;
  useEffect(() => {
    if (errorId !== undefined) setSentFor(null);
  }, [errorId]);
  const waitingForServer = sentFor === turnNow;
  // Away from the table, a stroke or an answer would be lost. One sent just before the table went may never
  // have been taken: once the table is back (the same turn, or the next), the controls are free again.
  const connected = state.status.kind === "joined";
  useEffect(() => {
    if (connected) setSentFor(null);
  }, [connected]);

  // Live aim to the others, throttled; only the seat to move may send it.
  const throttleRef = useRef<ReturnType<typeof createThrottle<AimMessage>> | null>(null);
  useEffect(() => {
    const throttle = createThrottle<AimMessage>(AIM_INTERVAL_MS, (m) => session.send("aim", m));
    throttleRef.current = throttle;
    return () => throttle.cancel();
  }, [session]);
  const relay = useCallback((message: AimMessage) => throttleRef.current?.push(message), []);

  const shoot = useCallback(
    ({ stroke, call, place }: ComposedStroke) => {
      if (waitingForServer || !connected) return;
      if (canLag && place) {
        setSentFor(turnNow);
        session.send("lag", { place, angle: stroke.angle, speed: stroke.speed });
        return;
      }
      if (!canShoot) return;
      setSentFor(turnNow);
      throttleRef.current?.cancel();
      session.send("shot", { shotNumber, stroke, call, ...(placing === "opening" && place ? { place } : {}) });
    },
    [waitingForServer, connected, canLag, canShoot, placing, session, shotNumber, turnNow],
  );
  return { shoot, relay, ready: !waitingForServer && connected, connected };
}

/**
 * Relays the stroke being composed (null while this player may not shoot, or is away). Back at the table
 * after a lost connection, the aim is sent again: the others' view of it was lost too.
 */
export function useAimRelay(relay: (message: AimMessage) => void, composed: ComposedStroke | null, opening: boolean) {
  useEffect(() => {
    if (!composed || composed.stroke.cue < 0) return;
    const { stroke, call, place } = composed;
    relay({ stroke, call, ...(place && opening ? { place } : {}) });
  }, [relay, composed, opening]);
}

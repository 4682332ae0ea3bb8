import type { AimState } from "../game/aim-draft.ts";
import { normaliseAngle } from "../game/aim-geometry.ts";
import { withCalled, withoutCalled, withWay } from "../game/call-builder.ts";
import type { CallEntry } from "../game/call-way.ts";
import { AimControls } from "./AimControls.tsx";

interface Props {
  readonly kind: "shot" | "lag";
  readonly aim: AimState;
  readonly update: (patch: Partial<AimState>) => void;
  readonly cue: number;
  readonly placing: boolean;
  /** The call as shown: the ways that follow the guide already filled in. */
  readonly call: readonly CallEntry[];
  readonly lit: readonly boolean[];
  readonly callTarget: number | null;
  readonly onTurn: (delta: number, fine: boolean) => void;
  readonly onShoot: () => void;
  readonly canShoot: boolean;
  readonly upright: boolean;
}

/**
 * The stroke controls bound to the stroke being composed: every change goes to the aim as the live table
 * and the practice table both make it (the call's ball and pocket, its way, the tip, power and angle).
 */
export function StrokeDock({
  kind,
  aim,
  update,
  cue,
  placing,
  call,
  lit,
  callTarget,
  onTurn,
  onShoot,
  canShoot,
  upright,
}: Props) {
  return (
    <AimControls
      kind={kind}
      mode={aim.mode}
      onMode={(mode) => update({ mode, pending: null })}
      cue={cue}
      placing={placing}
      angle={aim.angle}
      onAngle={(angle) => update({ angle: normaliseAngle(angle) })}
      onTurn={onTurn}
      speed={aim.speed}
      onSpeed={(speed) => update({ speed })}
      offset={aim.offset}
      onOffset={(offset) => update({ offset })}
      call={call}
      lit={lit}
      callTarget={callTarget}
      onPocket={(pocket) =>
        callTarget !== null && update({ call: withCalled(aim.call, callTarget, pocket), pending: null })
      }
      onOwn={() => update({ pending: cue })}
      onWay={(ball, way) => update({ call: withWay(call, ball, way) })}
      onRemove={(ball) => update({ call: withoutCalled(aim.call, ball) })}
      onClear={() => update({ call: [], pending: null })}
      onShoot={onShoot}
      canShoot={canShoot}
      upright={upright}
    />
  );
}

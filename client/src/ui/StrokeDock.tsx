import { normaliseAngle } from "../game/aim-geometry.ts";
import { withCalled, withoutCalled, withWay } from "../game/call-builder.ts";
import { AimControls } from "./AimControls.tsx";
import type { StrokeComposer } from "./use-stroke-composer.ts";

interface Props {
  readonly composer: StrokeComposer;
  readonly canShoot: boolean;
  readonly upright: boolean;
}

/**
 * The stroke controls bound to the stroke being composed (use-stroke-composer.ts): every change goes to the
 * aim as the live table and the practice table both make it (the call's ball and pocket, its way, the tip,
 * power and angle).
 */
export function StrokeDock({ composer, canShoot, upright }: Props) {
  const { aim, update, cueId: cue, call, callTarget } = composer;
  return (
    <AimControls
      kind={composer.placing === "lag" ? "lag" : "shot"}
      mode={aim.mode}
      onMode={(mode) => update({ mode, pending: null })}
      cue={cue}
      placing={composer.placing !== null}
      angle={aim.angle}
      onAngle={(angle) => update({ angle: normaliseAngle(angle) })}
      onTurn={composer.turn}
      speed={aim.speed}
      onSpeed={(speed) => update({ speed })}
      offset={aim.offset}
      onOffset={(offset) => update({ offset })}
      call={call}
      lit={composer.marks.map((m) => m.lit)}
      callTarget={callTarget}
      onPocket={(pocket) =>
        callTarget !== null && update({ call: withCalled(aim.call, callTarget, pocket), pending: null, calling: false })
      }
      onOwn={() => update({ pending: cue })}
      onWay={(ball, way) => update({ call: withWay(call, ball, way) })}
      onRemove={(ball) => update({ call: withoutCalled(aim.call, ball) })}
      onClear={() => update({ call: [], pending: null })}
      calling={aim.calling}
      // Leaving the call control drops a ball still waiting for its pocket: clicks aim again.
      onCalling={(calling) => update(calling ? { calling } : { calling, pending: null })}
      pulling={composer.pulling}
      onShoot={composer.shoot}
      canShoot={canShoot}
      upright={upright}
    />
  );
}

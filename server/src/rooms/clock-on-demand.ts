import type { Clock } from "@colyseus/core";

/**
 * A room's clock that needs ticking only when one of its timers is due.
 *
 * Colyseus's clock counts time in ticks: a tick adds the time since the last one to each timer, runs those
 * now due, and sets `currentTime` to its own time. So every room had to be ticked several times a second
 * for its shot clock to run out on time and for `currentTime` (which Colyseus's message-rate window and the
 * message guard read) to be nearly right. With thousands of tables that was a tenth of the event loop's
 * busy time, spent walking timers due seconds or minutes later.
 *
 * Here the clock catches up whenever it is read. Reading `currentTime` gives the time now, and first credits
 * each running timer with the time since the clock was last read, without running any of them: nothing
 * runs inside whoever read it. A timer set is counted from the time it is set, as it is in a ticked clock.
 * When a timer is set, and after each tick, `due` hears when the clock's next timer is due (a timer cleared
 * meanwhile only costs a tick that finds nothing). Ticking the clock then runs the timers that are due. A
 * paused timer is credited nothing; resumed, it is told due at the clock's next tick (the tables pause none).
 *
 * The credits add up to the time that passed whatever mix of readings and ticks measured it: a tick's own
 * step (its time against `currentTime`) is credited by the tick, and the reading before it credits the rest.
 */
export function runOnDemand(clock: Clock, due: (at: number) => void): void {
  let time = clock.currentTime;

  // Crediting leaves each timer's due time (`time` plus what it has left) where it was: a reading need not
  // tell it again.
  const catchUp = (): number => {
    const now = Date.now();
    // A wall clock set back credits nothing; time counts on once it passes where it was.
    if (now > time) {
      const elapsed = now - time;
      time = now;
      clock.elapsedTime += elapsed;
      for (const timer of clock.delayed) if (timer.active && !timer.paused) timer.elapsedTime += elapsed;
    }
    return time;
  };

  const tellNextDue = () => {
    let next = Number.POSITIVE_INFINITY;
    for (const timer of clock.delayed) {
      if (timer.active && !timer.paused) next = Math.min(next, time + timer.time - timer.elapsedTime);
    }
    if (next !== Number.POSITIVE_INFINITY) due(next);
  };

  Object.defineProperty(clock, "currentTime", {
    configurable: true,
    enumerable: true,
    get: catchUp,
    // A tick's (or `start`'s) own time: the tick credits its timers the step from `currentTime` to it.
    set: (value: number) => {
      time = value;
    },
  });

  const tick = clock.tick.bind(clock);
  clock.tick = () => {
    tick();
    // What the tick ran may have set or cleared timers, and an interval that ran is due again.
    catchUp();
    tellNextDue();
  };

  // Colyseus wraps these on the instance (to report a timer's error to the room): wrapped again here, so
  // that a timer set counts from now and its room hears when it is due.
  const counted =
    (set: Clock["setTimeout"]): Clock["setTimeout"] =>
    (handler, ms, ...args) => {
      catchUp();
      const timer = set(handler, ms, ...args);
      due(time + ms);
      return timer;
    };
  clock.setTimeout = counted(clock.setTimeout.bind(clock));
  clock.setInterval = counted(clock.setInterval.bind(clock));
}

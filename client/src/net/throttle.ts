/**
 * Sends at most one value per `intervalMs`, always delivering the latest one (trailing edge): the live aim
 * reaches the others promptly without breaking the server's 10-per-second limit.
 */
export interface Throttle<T> {
  push(value: T): void;
  cancel(): void;
}

export function createThrottle<T>(
  intervalMs: number,
  send: (value: T) => void,
  clock: { now(): number } = performance,
): Throttle<T> {
  let lastSent = Number.NEGATIVE_INFINITY;
  let pending: { value: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    lastSent = clock.now();
    send(value);
  };
  return {
    push(value) {
      pending = { value };
      const wait = lastSent + intervalMs - clock.now();
      if (wait <= 0 && timer === null) flush();
      else if (timer === null) timer = setTimeout(flush, Math.max(0, wait));
    },
    cancel() {
      pending = null;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}

import { useEffect, useReducer, useRef } from "react";

/**
 * The shot clock's whole seconds left, counted in the page. The server tells the clock only when it is set
 * (a turn starts, it stops, someone joins: `clockLeftMs` as of `clockSetting`), not each second, so every
 * table's thinking time costs it nothing. Rounded up as the server counts: a fresh 60 s clock reads 60 until
 * a whole second has gone, and 0 only when it has run out.
 */
export function useShotClockSeconds(msLeft: number, setting: number): number {
  // When this page heard the setting: the count runs from there.
  const heard = useRef({ setting, msLeft, at: performance.now() });
  if (heard.current.setting !== setting || heard.current.msLeft !== msLeft) {
    heard.current = { setting, msLeft, at: performance.now() };
  }
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const reading = readShotClock(msLeft, performance.now() - heard.current.at);
  useEffect(() => {
    if (reading.seconds === 0) return;
    const timer = setTimeout(redraw, reading.nextChangeMs + 5);
    return () => clearTimeout(timer);
  });
  return reading.seconds;
}

/**
 * The clock's reading `elapsedMs` after it was told `msLeft`: whole seconds rounded up, and the ms until
 * that reading changes (the page wakes then, not on a fixed beat, so the reading changes on time).
 */
export function readShotClock(msLeft: number, elapsedMs: number): { seconds: number; nextChangeMs: number } {
  const left = Math.max(0, msLeft - Math.max(0, elapsedMs));
  return { seconds: Math.ceil(left / 1000), nextChangeMs: left % 1000 || 1000 };
}

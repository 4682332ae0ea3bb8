/**
 * A seeded pseudo-random generator (mulberry32): the shared code never reads Math.random or the clock, so the
 * same seed always gives the same rack and the same simulation (docs/PHYSICS.md: the same input gives the
 * same output).
 */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

import asin from "@stdlib/math-base-special-asin";
import atan2 from "@stdlib/math-base-special-atan2";
import cos from "@stdlib/math-base-special-cos";
import exp from "@stdlib/math-base-special-exp";
import sin from "@stdlib/math-base-special-sin";

/**
 * The transcendental functions the simulation and the rules use, computed the same to the last bit on every
 * JavaScript engine. `Math.sin`, `Math.cos`, `Math.exp`, `Math.atan2` and `Math.asin` are not: Chromium and
 * Node differ in the last bit for a few percent of inputs, and a break is chaotic enough to grow that into a
 * different table, so a match played in the page's worker would not replay the same on the server
 * (docs/SECURITY.md, "Offline matches"). These are plain arithmetic (fdlibm's algorithms), the same
 * everywhere. `Math.sqrt`, `Math.hypot` and `x ** 2` are exact or agree, and stay.
 */
export const portableMath = { sin, cos, exp, atan2, asin } as const;

/**
 * The physics of one shot: strokes in, an ordered event log, the resting table and an error-bounded trace out.
 * Import as `@habibka/shared/physics`; kept out of the package's main index so that clients that only animate
 * traces do not bundle the simulator.
 */
export type { BallTrace, TracePoint } from "../shot/trace-codec.ts";
export { decodeTrace, encodeTrace, traceAt } from "../shot/trace-codec.ts";
export * from "./constants.ts";
export { DEFAULT_ENGINE, ENGINE_NAMES, type EngineName } from "./engines.ts";
export { openingBreak } from "./opening-break.ts";
export type { SimulationInput, SimulationResult, SimulationStats } from "./simulate.ts";
export { simulate } from "./simulate.ts";
export { simulateForTable, type TableSimulation } from "./table-simulation.ts";

import type { EngineName, SimulationInput, SimulationResult } from "@habibka/shared/physics";
import { simulate } from "@habibka/shared/physics";

/** One shot simulated in a worker thread of the physics pool (physics-pool.ts). */
export default function simulateInWorker(task: { input: SimulationInput; engine: EngineName }): SimulationResult {
  return simulate(task.input, task.engine);
}

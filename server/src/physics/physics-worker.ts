import { type EngineName, type SimulationInput, simulateForTable, type TableSimulation } from "@habibka/shared/physics";

/**
 * One shot simulated in a worker thread of the physics pool (physics-pool.ts), returned in the table's form:
 * its trace encoded here, so the rooms' thread receives one small byte array instead of the paths' points.
 */
export default function simulateInWorker(task: { input: SimulationInput; engine: EngineName }): TableSimulation {
  return simulateForTable(task.input, task.engine);
}

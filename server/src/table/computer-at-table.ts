import { type ComputerAction, ComputerSeat } from "@habibka/shared/computer";
import { computerOpponentOf } from "../computer/computer-seat.ts";
import { actComputer, COMMANDS, type SeatedSender } from "./commands.ts";
import type { Handled } from "./refusals.ts";
import type { Table } from "./table.ts";

/**
 * The computer's driver at a table against it: it plays its seat through the same commands as a person
 * (the shape of each message, then the table's rules), in the table's queue.
 */
export function computerAtTable(table: Table): ComputerSeat | null {
  const opponent = computerOpponentOf(table.settings);
  if (!opponent) return null;
  table.seating.seatComputer(opponent.seat);
  const sender: SeatedSender = { seat: opponent.seat };
  const { services } = table;
  return new ComputerSeat({
    ...opponent,
    decider: services.decisions,
    logger: services.logger,
    code: table.code,
    thinkScale: services.thinkScale ?? 1,
    table: {
      match: () => table.match,
      matchId: () => table.matchId,
      seed: () => table.seed,
      animating: () => table.timing.running !== null,
      aim: (message) => table.run(COMMANDS.aim, sender, message) as Handled,
      act: (action: ComputerAction) => actComputer(table, sender, action),
      // Not the room's clock, which ticks only on the state's beat: the aim's steps are shorter than that.
      // A wait that ends after the table closed finds the seat stopped and plays nothing.
      wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()),
    },
  });
}

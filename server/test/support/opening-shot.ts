import { findShot } from "./pottable-shot.ts";
import { ballsOnTable, type TableClient } from "./table-client.ts";

/**
 * The opening shot of a seated pair, once the match is in its opening phase: who is to open (as the synced
 * state says), the other seat, and the `shot` message that pots a ball from the house.
 */
export function openingShot(pair: { readonly a: TableClient; readonly b: TableClient }) {
  const seat = pair.a.state.toMove as 0 | 1;
  const mover = seat === 0 ? pair.a : pair.b;
  const other = seat === 0 ? pair.b : pair.a;
  const planned = findShot({
    balls: ballsOnTable(mover.state),
    shelves: [[], []],
    debts: [0, 0],
    seat,
    opening: true,
    inHand: 1,
  });
  const message = {
    shotNumber: mover.state.shotNumber,
    stroke: planned.stroke,
    call: planned.call,
    place: planned.place,
  };
  return { seat, mover, other, message };
}

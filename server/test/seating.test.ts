import type { SeatHolder } from "@habibka/shared/match";
import { describe, expect, it } from "vitest";
import { hashSeatToken, Seating } from "../src/table/seating.ts";

/** Who decides a joiner's place at the table: a seat's holder, a newcomer, or a spectator. */

const OPEN = { rated: false, invited: null } as const;
const held = (account: string): SeatHolder => ({ name: "Борис", token: hashSeatToken("token"), account });

describe("Seating.admit", () => {
  it("returns the seat's account to its seat from any connection that does not ask to watch", () => {
    const seating = new Seating(10);
    seating.seat(1, "first-connection");
    const admission = seating.admit({ watch: false, account: "boris" }, [null, held("boris")], OPEN);
    expect(admission).toEqual({ role: "holder", seat: 1, replaces: "first-connection" });
  });

  it("lets the seat's account watch when it asks to, leaving the connection in the seat alone", () => {
    const seating = new Seating(10);
    seating.seat(1, "sitting-connection");
    const admission = seating.admit({ watch: true, account: "boris" }, [null, held("boris")], OPEN);
    expect(admission).toEqual({ role: "spectator" });
  });

  it("still returns the seat's token to its seat", () => {
    const seating = new Seating(10);
    const admission = seating.admit({ watch: false, seatToken: "token" }, [null, held("boris")], OPEN);
    expect(admission).toEqual({ role: "holder", seat: 1, replaces: null });
  });
});

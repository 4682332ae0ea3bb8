import { LocalPresence } from "@colyseus/core";
import { describe, expect, it } from "vitest";
import { Online } from "../src/accounts/online.ts";

/** Where a friend is said to be (docs/PROTOCOL.md, `GET /api/friends`): read from presence as tables tell it. */
describe("a friend's table", () => {
  it("is the table he sat at last, of those the asker may know of", async () => {
    let now = 1_000_000;
    const online = new Online(
      () => presence,
      () => now,
    );
    const presence = new LocalPresence();
    // Boris sits at a public table, leaves it while his seat is held, then sits at a private one with Anna.
    await online.seated("boris", { code: "111111", visibility: "public", accounts: ["boris", null], since: now });
    now += 5_000;
    await online.seated("boris", { code: "222222", visibility: "private", accounts: ["boris", "anna"], since: now });
    // The public table is renewed later than the private one: renewing is not sitting down.
    now += 1_000;
    await online.seated("boris", {
      code: "111111",
      visibility: "public",
      accounts: ["boris", null],
      since: now - 6_000,
    });
    expect(await online.status("boris", "anna")).toEqual({ online: true, table: "222222" });
    // Vera does not sit at the private table: she is told of the public one only.
    expect(await online.status("boris", "vera")).toEqual({ online: true, table: "111111" });
    await online.unseated("boris", "111111");
    expect(await online.status("boris", "vera")).toEqual({ online: true, table: null });
    expect(await online.status("boris", "anna")).toEqual({ online: true, table: "222222" });
  });
});

import { describe, expect, it } from "vitest";
import {
  createTable,
  cutConnection,
  joinTable,
  seatedPair,
  serverPerSuite,
  type TableClient,
} from "./support/table-client.ts";
import { eventually } from "./support/test-server.ts";

/** The shortest seat hold the protocol allows; the test waits for it once, for two tables at a time. */
const HOLD_SECONDS = 10;

describe("an absent player's seat expiring", () => {
  const clients: TableClient[] = [];
  const running = serverPerSuite({ seed: () => 3, animationScale: 0.01 }, clients);

  it("loses the match for absence once the match started, and frees the seat before it", async () => {
    // Table 1: the match is under way (the lag), and seat 0's player vanishes.
    const { a, b, code } = await seatedPair(running.httpUrl, { seatHoldSeconds: HOLD_SECONDS });
    clients.push(a, b);
    expect(a.state.seatHoldSeconds).toBe(HOLD_SECONDS);
    const matchId = b.state.matchId;

    // Table 2: only the creator is seated, with a spectator; the creator vanishes before the match starts.
    const host = await createTable(running.httpUrl, { name: "Host", seatHoldSeconds: HOLD_SECONDS });
    const code2 = host.room.roomId;
    const fan = await joinTable(running.httpUrl, code2, { name: "Fan", watch: true });
    clients.push(host, fan);
    expect(fan.welcome()).toMatchObject({ role: "spectator" });

    cutConnection(code, a, { discard: true });
    cutConnection(code2, host, { discard: true });
    await eventually(() => b.state.players.get("0")?.connected === false, "seat 0 shown absent at table 1");
    await eventually(() => fan.state.players.get("0")?.connected === false, "seat 0 shown absent at table 2");
    // Held, not lost, right after the drop.
    expect(b.state.phase).toBe("lag");
    expect(fan.state.players.get("0")?.name).toBe("Host");

    await eventually(() => b.state.phase === "finished", "the match lost for absence", (HOLD_SECONDS + 5) * 1000);
    expect(b.state).toMatchObject({ winner: 1, finishReason: "absence", toMove: -1 });
    const record = (await (await fetch(`${running.httpUrl}/api/matches/${matchId}`)).json()) as { result: unknown };
    expect(record.result).toMatchObject({ winner: 1, reason: "absence" });

    await eventually(() => !fan.state.players.has("0"), "the seat freed at table 2", 5_000);
    expect(fan.state.phase).toBe("waiting");
    // The free seat goes to the next player who asks.
    const newcomer = await joinTable(running.httpUrl, code2, { name: "Newcomer" });
    clients.push(newcomer);
    expect(newcomer.welcome()).toMatchObject({ role: "player", seat: 0 });
  }, 30_000);
});

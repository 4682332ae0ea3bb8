import { type Client, Room, ServerError } from "@colyseus/core";
import { BallState, MatchState, PlayerState } from "@habibka/shared/state";
import { startingPosition } from "@habibka/shared/table";
import { JoinOptions } from "./join-options.ts";

/** Seats at a table; later joiners will watch (issue 5 adds spectators). */
const SEATS = 2;

/**
 * One table of Habibka. The room is an adapter (DESIGN): it checks who may join, mirrors the shared
 * model into the synced schema and, in later issues, runs shots through the shared pipeline.
 */
export class HabibkaRoom extends Room<{ state: MatchState }> {
  override maxClients = SEATS;
  override state = new MatchState();

  override onCreate(): void {
    for (const ball of startingPosition()) {
      this.state.balls.push(new BallState({ id: ball.id, x: ball.x, y: ball.y, onTable: true }));
    }
  }

  override onAuth(_client: Client, options: unknown): JoinOptions {
    const parsed = JoinOptions.safeParse(options);
    if (!parsed.success) throw new ServerError(400, parsed.error.issues[0]?.message ?? "invalid join options");
    return parsed.data;
  }

  override onJoin(client: Client, _options: unknown, auth: JoinOptions): void {
    const taken = new Set([...this.state.players.values()].map((p) => p.seat));
    const seat = [0, 1].find((s) => !taken.has(s)) ?? 0;
    this.state.players.set(client.sessionId, new PlayerState({ name: auth.name, seat, connected: true }));
  }

  override onLeave(client: Client): void {
    this.state.players.delete(client.sessionId);
  }
}

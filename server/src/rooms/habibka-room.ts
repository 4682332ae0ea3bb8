import {
  type AuthContext,
  type Client,
  type Deferred,
  OnMessageException,
  Room,
  type RoomException,
  ServerError,
} from "@colyseus/core";
import {
  CLIENT_MESSAGE_TYPES,
  CLOSE_CODES,
  CreateTableOptions,
  describeIssue,
  JoinTableOptions,
  readUntrusted,
  type ShotBroadcast,
} from "@habibka/shared/protocol";
import type { TableState } from "@habibka/shared/state";
import { ACCOUNT_HEADER } from "../http/front-door.ts";
import type { GameMetrics } from "../metrics/game-metrics.ts";
import { CONNECTION_MESSAGES_PER_SECOND } from "../rate-limits.ts";
import { isRestore } from "../records/restore.ts";
import { COMMANDS, type Command } from "../table/commands.ts";
import { takeInvitation } from "../table/invited-seats.ts";
import { tableSettings } from "../table/new-match.ts";
import { createSyncedState } from "../table/state-mirror.ts";
import { Table } from "../table/table.ts";
import type { JoinRequest } from "../table/table-admission.ts";
import type { TablePort } from "../table/table-port.ts";
import type { TableServices } from "../table/table-services.ts";
import { takeWaitingPlace } from "../table/waiting-tables.ts";
import { runOnDemand } from "./clock-on-demand.ts";
import { MessageGuard, mayReconnect } from "./message-guard.ts";
import { RoomBeat } from "./room-beat.ts";
import { claimTableCode, releaseTableCode, reserveTableCode } from "./table-code.ts";

/** What the room needs from its process: the table's services (table/table-services.ts), and the metrics. */
export type RoomServices = TableServices & { readonly metrics?: GameMetrics };

/**
 * How often the process looks for rooms whose timers are due or whose timers changed their state
 * (room-beat.ts): a timer runs, and what it changed goes out, at most this long after it is due.
 */
const STATE_BEAT_MS = 50;
/**
 * Colyseus's own patch timer, per room, is set so far off that it never fires (the longest a Node timer
 * takes): the process's one beat does its work. (Turned off with 0, Colyseus would tick each room's clock
 * sixty times a second instead.)
 */
const NEVER_MS = 2 ** 31 - 1;
/**
 * A join whose WebSocket never arrives gives its reservation up after this long: Colyseus's own default. A
 * reservation takes no seat (the seating counts seats), so a longer one keeps no player out; a shorter one
 * (8 s) turned joins away while a ramp of new tables had the process seconds behind.
 */
const RESERVATION_SECONDS = 15;

/**
 * The Colyseus room of one table: a thin adapter. It reads who is asking and what (the message guard and
 * the command table), hands every hook to the table (table/table.ts), which owns the match, its record and
 * what follows from it, and carries what the table says to the connections.
 */
export function createHabibkaRoom(services: RoomServices) {
  const beat = new RoomBeat(STATE_BEAT_MS, (error) => services.logger.error({ err: error }, "a table's beat failed"));
  return class HabibkaRoom extends Room<{ state: TableState }> {
    // The two seats and the spectator cap are the seating's to enforce. Colyseus's own count includes
    // reservations never used and dropped sessions' places, and a room it finds full is locked to everyone,
    // seat holders included: so it never counts as full.
    override maxClients = Number.MAX_SAFE_INTEGER;
    override maxMessagesPerSecond = CONNECTION_MESSAGES_PER_SECOND;
    override seatReservationTimeout = RESERVATION_SECONDS;
    override state = createSyncedState();
    // The state is sent the moment an action or a seat changes it; the process's beat carries what the clocks
    // change (the seconds left) and keeps the room's timers running.
    override patchRate = NEVER_MS;

    /**
     * Who asks to join, read once for the matchmaking request (create or join), before any seat is reserved:
     * his options, his address and his account, both as the front door established them from the request.
     */
    static override async onAuth(_token: string, options: unknown, context: AuthContext): Promise<JoinRequest> {
      const parsed = readUntrusted(JoinTableOptions, options);
      if (!parsed.ok) throw new ServerError(400, describeIssue(parsed.issue));
      const accountId = context.headers.get(ACCOUNT_HEADER);
      const account = accountId ? await services.accounts.seatAccount(accountId) : null;
      return { ...parsed.value, address: context.ip ?? "unknown", account };
    }

    private table!: Table;
    private guard!: MessageGuard;
    /** Dropped sessions waiting for the SDK to reconnect them. */
    private readonly reconnections = new Map<string, Deferred<Client>>();
    /** The clocks changed the state since the last patch: the next beat sends it. */
    private patchDue = false;
    /** When the latest shot or lag message came (performance.now()), until its broadcast: the metrics' latency. */
    private shotSentAt: number | null = null;

    override async onCreate(options: unknown): Promise<void> {
      runOnDemand(this.clock, (at) => beat.wake(this, at));
      this.table = isRestore(options) ? await this.restore(options.restore.matchId) : await this.create(options);
      if (this.table.settings.visibility === "private") await this.setPrivate(true);
      this.guard = new MessageGuard(
        services.logger,
        () => this.clock.currentTime,
        (client) => {
          const seat = this.table.seatOf(client.sessionId);
          return seat === null ? `address:${addressOf(client)}` : `seat:${seat}`;
        },
      );
      this.registerMessages();
      this.guard.guardFrames(this);
      this.table.open();
      beat.add(this);
    }

    /** The process's beat, when this room is due (room-beat.ts): its timers run, and what they changed goes out. */
    beat(): void {
      this.clock.tick();
      if (!this.patchDue) return;
      this.patchDue = false;
      this.broadcastPatch();
    }

    /** A new table: its code, and its first match's record, exist before anyone is told of it. */
    private async create(options: unknown): Promise<Table> {
      const { options: unplaced, place } = takeWaitingPlace(options);
      const { options: tableOptions, invited } = takeInvitation(unplaced);
      const parsed = readUntrusted(CreateTableOptions, tableOptions);
      if (!parsed.ok) throw new ServerError(400, describeIssue(parsed.issue));
      const settings = { ...tableSettings(parsed.value), ...(invited ? { invited } : {}) };
      this.roomId = await reserveTableCode(this.presence);
      try {
        return await Table.create(settings, this.roomId, services, this.port(), place);
      } catch (cause) {
        await releaseTableCode(this.presence, this.roomId);
        services.logger.error({ err: cause }, "could not record a new table");
        throw new ServerError(503, "the server could not record the new table; try again");
      }
    }

    /** A table brought back from its record after a restart, with the same code and settings. */
    private async restore(matchId: string): Promise<Table> {
      const record = await services.records.loadRecord(matchId);
      if (!record) throw new Error(`no record ${matchId}`);
      this.roomId = record.header.code;
      // The lease (taken before the room was created) says this table is this process's: its code too.
      await claimTableCode(this.presence, record.header.code);
      const table = await Table.restore(record, services, this.port());
      services.logger.info({ table: this.roomId, match: matchId, actions: record.actions.length }, "table restored");
      return table;
    }

    /** How the table reaches its connections, the lobby and the room's life. */
    private port(): TablePort {
      return {
        clock: this.clock,
        state: this.state,
        broadcast: (type, message, except) => {
          if (type === "shot") this.shotBroadcast(message as ShotBroadcast);
          this.broadcast(type, message, except ? { except: except as Client } : {});
        },
        // With nobody connected, a patch only drops the changes (the next joiner gets the whole state).
        sendState: () => {
          this.patchDue = false;
          this.broadcastPatch();
        },
        stateChanged: () => {
          this.patchDue = true;
          beat.wake(this, 0);
        },
        setListing: (listing) => void this.setMetadata(listing),
        setListed: (listed) => void this.setPrivate(!listed),
        setAutoDispose: (autoDispose) => {
          this.autoDispose = autoDispose;
        },
        closeAll: (code) => void this.disconnect(code).catch(() => undefined),
        replaceSession: (sessionId) => {
          this.clients.getById(sessionId)?.leave(CLOSE_CODES.seatTakenOver, "seat taken over");
          this.reconnections.get(sessionId)?.reject(new Error("seat taken over"));
        },
      };
    }

    /** Every message type of the command table, through the guard: its rate, its shape, then the table. */
    private registerMessages(): void {
      const chatAllowed = async (client: Client) => (await services.limits.take("chat", addressOf(client))).allowed;
      for (const type of CLIENT_MESSAGE_TYPES) {
        const command = COMMANDS[type] as Command<unknown>;
        this.onMessage(
          type,
          this.guard.handler(type, {
            schema: command.schema,
            limit: services.messageRates[type],
            ...(type === "chat" ? { shared: chatAllowed } : {}),
            handle: (client, message) => {
              if (type === "shot" || type === "lag") this.shotSentAt = performance.now();
              return this.table.run(command, { seat: this.table.seatOf(client.sessionId), member: client }, message);
            },
          }),
        );
      }
      // The wildcard receives (client, type, payload) for unknown types, but (client, payload) for a message
      // whose type is "*" itself: whatever arrives in the type's place is only described, never trusted.
      this.onMessage("*", (client: Client, type: unknown) => this.guard.unknown(client, type));
    }

    private shotBroadcast(shot: ShotBroadcast): void {
      const sentAt = shot.kind === "clock" ? null : this.shotSentAt;
      this.shotSentAt = null;
      services.metrics?.shotBroadcast(shot.kind, sentAt === null ? null : performance.now() - sentAt);
    }

    /**
     * Last line of defence: an error escaping any handler, timer or hook is logged once and, for a message,
     * answered to its sender; it never reaches the process. Refused joins (ServerError) are ordinary.
     */
    override onUncaughtException(error: RoomException, methodName: string): void {
      if (error instanceof OnMessageException) {
        this.guard.failed(error.client as Client, String(methodName), error.cause ?? error);
        return;
      }
      if ((error.cause ?? error) instanceof ServerError) return;
      services.logger.error({ err: error.cause ?? error, table: this.roomId, method: methodName }, "room error");
    }

    override async onJoin(client: Client, _options: unknown, auth: JoinRequest): Promise<void> {
      const refused = await this.table.join(client, auth);
      if (refused) throw new ServerError(JOIN_REFUSAL_STATUS[refused.code] ?? 409, refused.message);
    }

    override onDrop(client: Client, code?: number): void {
      // A connection the server itself closed does not get its place kept: Colyseus then calls onLeave.
      if (!mayReconnect(code)) return;
      const seconds = this.table.drop(client.sessionId);
      if (seconds === null) return;
      const reconnection = this.allowReconnection(client, seconds);
      this.reconnections.set(client.sessionId, reconnection);
      // The deferred rejects when the window closes, the holder returns by token, or the room is disposed.
      reconnection
        .catch(() => undefined)
        .finally(() => {
          if (this.reconnections.get(client.sessionId) === reconnection) this.reconnections.delete(client.sessionId);
        });
    }

    override onReconnect(client: Client): void {
      this.table.reconnect(client.sessionId);
    }

    override onLeave(client: Client): void {
      this.guard.forget(client.sessionId);
      this.table.leave(client.sessionId);
    }

    /** A redeploy: everyone is told to come back (4100), and the record stays as it is, to be restored. */
    override onBeforeShutdown(): void {
      this.table.shutDown();
    }

    override async onDispose(): Promise<void> {
      beat.remove(this);
      // A table whose record could not be written never opened: its code went back when it failed.
      if ((this.table as Table | undefined) === undefined) return;
      if (await this.table.dispose()) await releaseTableCode(this.presence, this.roomId);
    }
  };
}

/** The HTTP status of each way a join can be refused (the rest are 409): matchmaking's codes, front-door.ts. */
const JOIN_REFUSAL_STATUS: Readonly<Record<string, number>> = {
  "not-recorded": 503,
  "account-required": 401,
  "not-your-seat": 403,
};

function addressOf(client: Client): string {
  return (client.auth as JoinRequest | undefined)?.address ?? "unknown";
}

import { Clock, LocalPresence } from "@colyseus/core";
import { ComputerSeat, decide as decideAsComputer } from "@habibka/shared/computer";
import type { ComputerLevel, MatchRecord, TableSettings } from "@habibka/shared/match";
import { siteOrigin } from "../../src/accounts/account-http.ts";
import { Accounts } from "../../src/accounts/accounts.ts";
import { createLogger } from "../../src/logger.ts";
import { createPhysicsPool, type ShotPhysics } from "../../src/physics/physics-pool.ts";
import { createAccountLimits, createAddressLimits, DEFAULT_RATE_LIMITS } from "../../src/rate-limits.ts";
import { MatchRecords } from "../../src/records/match-records.ts";
import { TableLeases } from "../../src/records/table-leases.ts";
import { actComputer, type SeatedSender } from "../../src/table/commands.ts";
import { createSyncedState } from "../../src/table/state-mirror.ts";
import { Table } from "../../src/table/table.ts";
import type { Member, TablePort } from "../../src/table/table-port.ts";
import type { TableServices } from "../../src/table/table-services.ts";
import { WaitingTables } from "../../src/table/waiting-tables.ts";

/**
 * A table without sockets or a room: the real table module over an in-memory record, a port that keeps
 * what it is told, and drivers that play a seat with the computer's own search. For tests of what the
 * table does on its own (its follow-ups, its restores) at the speed of its decisions.
 */

export interface BareTable {
  readonly table: Table;
  readonly records: MatchRecords;
  readonly port: TablePort & { readonly told: { type: string; message: unknown }[] };
  /** Plays a seat with the computer's search at `level`, as a person would through the commands. */
  drive(seat: 0 | 1, level: ComputerLevel): void;
  close(): Promise<void>;
}

/** One physics pool for every bare table of a test file (a worker thread each would be slow to start). */
let physics: ShotPhysics | null = null;

async function bareServices(options: { readonly seed: number }): Promise<TableServices & { records: MatchRecords }> {
  const records = await MatchRecords.open({ kind: "sqlite", path: ":memory:" });
  const logger = createLogger("silent");
  const presence = new LocalPresence();
  physics ??= createPhysicsPool({ threads: 1 });
  const accounts = new Accounts({
    records,
    presence: () => presence,
    origin: siteOrigin(undefined, () => 2567),
    limits: createAccountLimits(),
    logger,
    challengeTable: () => Promise.reject(new Error("a bare table makes no challenge's table")),
  });
  return {
    accounts,
    records,
    leases: new TableLeases(records, () => "bare-process", logger),
    logger,
    limits: createAddressLimits(),
    messageRates: DEFAULT_RATE_LIMITS.message,
    waitingTables: new WaitingTables(() => presence, 10),
    decisions: { decide: async (situation, level, seed) => decideAsComputer(situation, level, seed) },
    seed: () => options.seed,
    animationScale: 0.001,
    thinkScale: 0,
    physicsEngine: "exact",
    physics,
  };
}

function barePort(): BareTable["port"] {
  const told: { type: string; message: unknown }[] = [];
  return {
    told,
    clock: new Clock(true),
    state: createSyncedState(),
    broadcast: (type, message) => told.push({ type, message }),
    sendState: () => undefined,
    stateChanged: () => undefined,
    setListing: () => undefined,
    setListed: () => undefined,
    setAutoDispose: () => undefined,
    closeAll: () => undefined,
    replaceSession: () => undefined,
  };
}

const PERSON: Member = { sessionId: "person", send: () => undefined };

function bare(table: Table, services: TableServices & { records: MatchRecords }, port: BareTable["port"]): BareTable {
  const drivers: ComputerSeat[] = [];
  const poke = setInterval(() => {
    for (const driver of drivers) driver.poke();
  }, 5);
  return {
    table,
    records: services.records,
    port,
    drive(seat, level) {
      const sender: SeatedSender = { seat };
      drivers.push(
        new ComputerSeat({
          seat,
          level,
          decider: services.decisions,
          logger: services.logger,
          code: table.code,
          thinkScale: 0,
          table: {
            match: () => table.match,
            matchId: () => table.matchId,
            seed: () => table.seed,
            animating: () => table.timing.running !== null,
            aim: () => undefined,
            act: (action) => actComputer(table, sender, action),
            wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
          },
        }),
      );
    },
    async close() {
      clearInterval(poke);
      for (const driver of drivers) driver.stop();
      table.shutDown();
      await table.settled();
      (port.clock as Clock).stop();
      await services.records.close();
    },
  };
}

/** A new table against the computer (seat 1), its person seated in seat 0. */
export async function newBareTable(settings: TableSettings, seed: number): Promise<BareTable> {
  const services = await bareServices({ seed });
  const port = barePort();
  const table = await Table.create(settings, "100000", services, port, null);
  table.open();
  const refused = await table.join(PERSON, { name: "Анна", watch: false, address: "127.0.0.1", account: null });
  if (refused) throw new Error(`the person could not sit: ${refused.message}`);
  return bare(table, services, port);
}

/** A table restored from a record (written afresh to its own in-memory database), as after a restart. */
export async function restoredBareTable(record: MatchRecord, seed: number): Promise<BareTable> {
  const services = await bareServices({ seed });
  const lease = services.leases.lease();
  await services.records.createRecord(record.header, lease);
  for (const [seq, { at, action }] of record.actions.entries()) {
    await services.records.append(record.header.matchId, seq, { at, action: JSON.stringify(action) }, {}, lease.owner);
  }
  const stored = await services.records.loadRecord(record.header.matchId);
  if (!stored) throw new Error("the prefix was not stored");
  const port = barePort();
  const table = await Table.restore(stored, services, port);
  table.open();
  return bare(table, services, port);
}

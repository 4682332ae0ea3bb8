import type { ComputerAction } from "@habibka/shared/computer";
import { hasBegun } from "@habibka/shared/match";
import {
  answerOffer,
  judgePlannedLag,
  judgePlannedShot,
  planLag,
  planShot,
  shotSimulation,
} from "@habibka/shared/pipeline";
import {
  AimMessage,
  AnswerMessage,
  awaitsSeenFrom,
  ChatMessage,
  type ClientMessageType,
  describeIssue,
  EmptyMessage,
  LagMessage,
  readUntrusted,
  SeenMessage,
  ShotMessage,
} from "@habibka/shared/protocol";
import type { PlayerIndex } from "@habibka/shared/rules";
import type { z } from "zod";
import {
  aimOutOfTurn,
  type ClientError,
  type Handled,
  notSeated,
  stillAnimating,
  waitingForOpponent,
} from "./refusals.ts";
import type { Table } from "./table.ts";
import type { Member } from "./table-port.ts";

/** Who sent a command: a seat (a person's connection or the computer), or a spectator's connection. */
export interface Sender {
  readonly seat: PlayerIndex | null;
  /** The connection, when a person sent it (the computer has none). */
  readonly member?: Member;
}

/** A seated sender: the commands that only a player may send get one. */
export type SeatedSender = Sender & { readonly seat: PlayerIndex };

/**
 * One row of the command table: a message type's schema, whether only a seated player may send it (a
 * spectator is answered `not-seated`), whether it waits its turn in the table's action queue, and what the
 * table does with it. The room registers every row for the connections; the computer's seat sends its
 * actions through the same rows, so a person and the computer meet exactly the same checks.
 */
export interface Command<M> {
  readonly schema: z.ZodType<M>;
  readonly seated: boolean;
  readonly queued: boolean;
  /** What a spectator gets for a command only a seat may send. */
  readonly refuseSpectator?: ClientError;
  readonly handle: (table: Table, sender: SeatedSender, message: M) => Handled | Promise<Handled>;
}

function command<M>(
  type: ClientMessageType,
  row: Omit<Command<M>, "refuseSpectator" | "handle"> & {
    readonly handle: (table: Table, sender: SeatedSender, message: M) => Handled | Promise<Handled>;
  },
): Command<M> {
  return { ...row, ...(row.seated ? { refuseSpectator: notSeated(type) } : {}) };
}

export const COMMANDS = {
  lag: command<LagMessage>("lag", {
    schema: LagMessage,
    seated: true,
    queued: true,
    async handle(table, { seat }, message) {
      if (!hasBegun(table.match)) return waitingForOpponent("lag");
      const plan = planLag(table.match, seat, message);
      if (!plan.ok) return table.play("lag", plan);
      const { pair } = plan.value;
      const simulated = pair
        ? await table.services.physics.simulate(pair.simulation, table.services.physicsEngine)
        : null;
      return table.play("lag", judgePlannedLag(table.match, plan.value, simulated));
    },
  }),
  shot: command<ShotMessage>("shot", {
    schema: ShotMessage,
    seated: true,
    queued: true,
    async handle(table, { seat }, message) {
      if (!hasBegun(table.match)) return waitingForOpponent("shot");
      if (table.timing.running) return stillAnimating("shot");
      const plan = planShot(table.match, seat, message);
      if (!plan.ok) return table.play("shot", plan);
      const simulation = await table.services.physics.simulate(
        shotSimulation(plan.value),
        table.services.physicsEngine,
      );
      return table.play("shot", judgePlannedShot(table.match, plan.value, simulation));
    },
  }),
  answer: command<AnswerMessage>("answer", {
    schema: AnswerMessage,
    seated: true,
    queued: true,
    async handle(table, { seat }, message) {
      if (table.timing.running) return stillAnimating("answer");
      const offer = table.match.offer?.kind;
      const error = await table.play("answer", answerOffer(table.match, seat, message));
      if (error) return error;
      table.tell({
        kind: message.accept ? "take" : "pass",
        seat,
        shotNumber: message.shotNumber,
        ...(offer ? { offer } : {}),
      });
      return undefined;
    },
  }),
  /**
   * The player to move has seen the last shot: the next one may be played without waiting any longer. When
   * the computer is to move, the person opposite it is the one whose eyes it waits for.
   */
  seen: command<SeenMessage>("seen", {
    schema: SeenMessage,
    seated: true,
    queued: true,
    handle(table, { seat }, message) {
      const { toMove, shotNumber } = table.state;
      const waitedFor = awaitsSeenFrom(seat, toMove, (s) => table.seating.isComputer(s));
      if (waitedFor && message.shotNumber === shotNumber) table.timing.endAnimation();
      return undefined;
    },
  }),
  /** The aim is relayed to everyone but the aimer (the computer has no connection to leave out). */
  aim: command<AimMessage>("aim", {
    schema: AimMessage,
    seated: true,
    queued: false,
    handle(table, { seat, member }, message) {
      if (seat !== table.state.toMove) return aimOutOfTurn();
      table.broadcast("aim", { seat, ...message }, member);
      return undefined;
    },
  }),
  chat: command<ChatMessage>("chat", {
    schema: ChatMessage,
    seated: false,
    queued: true,
    // Anyone at the table may chat: the sender is a seat or a spectator's connection.
    handle: (table, sender: Sender, message) => table.say(sender, message.text),
  }),
  resign: command<z.infer<typeof EmptyMessage>>("resign", {
    schema: EmptyMessage,
    seated: true,
    queued: true,
    async handle(table, { seat }) {
      // Alone at the table there is nobody to lose to: the second joiner would inherit a finished match.
      if (!hasBegun(table.match)) return waitingForOpponent("resign");
      const error = await table.perform({ type: "resign", shot: table.match.shotNumber, player: seat });
      if (!error) table.tell({ kind: "resign", seat, shotNumber: table.state.shotNumber });
      return error;
    },
  }),
  rematch: command<z.infer<typeof EmptyMessage>>("rematch", {
    schema: EmptyMessage,
    seated: true,
    queued: true,
    handle: (table, { seat }) => table.perform({ type: "rematch", player: seat }),
  }),
} satisfies Record<ClientMessageType, object>;

/** The computer's action, checked as a person's message is (its shape, then the table's rules), in its turn. */
export function actComputer(table: Table, sender: SeatedSender, action: ComputerAction): Promise<Handled> {
  const row: Command<unknown> = COMMANDS[action.type] as Command<unknown>;
  const payload = "message" in action ? action.message : {};
  const parsed = readUntrusted(row.schema, payload);
  if (!parsed.ok) {
    return Promise.resolve({
      type: action.type,
      code: "bad-message",
      message: `${action.type}: ${describeIssue(parsed.issue)}`,
    });
  }
  return Promise.resolve(table.run(row, sender, parsed.value));
}

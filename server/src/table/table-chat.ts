import type { ChatBroadcast } from "@habibka/shared/protocol";
import type { TableServices } from "./table-services.ts";

export const CHAT_HISTORY_LINES = 50;

/**
 * A table's chat: every line is written with its match before it is shown, and the last 50 are kept for
 * whoever joins. A rematch starts with an empty chat (the lines stay with the match they were said in).
 */
export class TableChat {
  private history: ChatBroadcast[];
  private nextSeq: number;
  private readonly services: TableServices;

  constructor(services: TableServices, recent: { readonly lines: ChatBroadcast[]; readonly nextSeq: number }) {
    this.services = services;
    this.history = recent.lines;
    this.nextSeq = recent.nextSeq;
  }

  /** The lines a joiner is sent. */
  recent(): ChatBroadcast[] {
    return [...this.history];
  }

  /** Writes the line with its match; false when it could not be written (then it is not shown). */
  async add(matchId: string, line: ChatBroadcast, table: string): Promise<boolean> {
    try {
      await this.services.records.appendChat(matchId, this.nextSeq, line);
    } catch (cause) {
      this.services.logger.error({ err: cause, table }, "could not record a chat line");
      return false;
    }
    this.nextSeq++;
    this.history.push(line);
    if (this.history.length > CHAT_HISTORY_LINES) this.history.shift();
    return true;
  }

  /** A new match at the table. */
  reset(): void {
    this.history = [];
    this.nextSeq = 0;
  }
}

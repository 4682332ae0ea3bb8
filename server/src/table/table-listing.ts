import { hasBegun, type MatchState, type TableSettings } from "@habibka/shared/match";
import type { MatchView } from "@habibka/shared/pipeline";
import { ABANDONED_TABLE_SECONDS } from "../rate-limits.ts";
import { AbandonedTable } from "./abandoned-table.ts";
import { lobbyMetadata } from "./lobby-metadata.ts";
import type { SeatAccounts } from "./seat-accounts.ts";
import type { Seating } from "./seating.ts";
import type { TablePort } from "./table-port.ts";
import type { TableServices } from "./table-services.ts";
import { HeldPlace, type WaitingPlace } from "./waiting-tables.ts";

/**
 * How a table shows in the lobby: its listing, sent on only when what it shows changed (every update
 * reaches every lobby of every process, and most actions, a shot that scores nothing, change none of it);
 * off the list while it is deserted before its match began (abandoned-table.ts); and its place in its
 * creator's count of tables waiting for an opponent until its second seat is taken (waiting-tables.ts).
 */
export class TableListing {
  private readonly abandoned: AbandonedTable;
  private readonly waiting: HeldPlace | null;
  private readonly port: TablePort;
  private readonly code: string;
  private readonly rated: boolean;
  /** The listing as last sent. */
  private listed = "";

  constructor(
    settings: TableSettings,
    code: string,
    services: TableServices,
    port: TablePort,
    place: WaitingPlace | null,
  ) {
    this.port = port;
    this.code = code;
    this.rated = settings.rated === true;
    this.waiting = place ? new HeldPlace(services.waitingTables, place, port.clock) : null;
    this.abandoned = new AbandonedTable(port.clock, ABANDONED_TABLE_SECONDS * 1000 * (services.abandonScale ?? 1), {
      listed: (listed) => {
        if (settings.visibility === "public") port.setListed(listed);
      },
      // Nobody is connected: only a pending reconnection of the creator's dropped session is given up.
      close: () => port.closeAll(),
    });
  }

  /** The table as it is now. */
  update(match: MatchState, seating: Seating, view: MatchView, accounts: SeatAccounts): void {
    const begun = hasBegun(match);
    this.abandoned.update(begun, seating.anyoneHere());
    if (begun) this.waiting?.giveUp();
    const metadata = lobbyMetadata(this.code, match, seating, view, accounts, this.rated);
    const listed = JSON.stringify(metadata);
    if (listed === this.listed) return;
    this.listed = listed;
    this.port.setListing(metadata);
  }

  /** How long a dropped player's session may be resumed (abandoned-table.ts says why it is capped). */
  reconnectionSeconds(holdSeconds: number): number {
    return this.abandoned.reconnectionSeconds(holdSeconds);
  }

  /** The table closes: it no longer waits for anyone. */
  close(): void {
    this.waiting?.giveUp();
  }
}

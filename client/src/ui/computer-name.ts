import { COMPUTER_SEAT, type ComputerLevel } from "@habibka/shared/match";
import type { TFunction } from "i18next";
import type { SeatNames } from "../match-page/match-data.ts";
import type { PlayerView, TableSnapshot } from "../net/table-snapshot.ts";

/**
 * The computer's seat as the page shows it: under its name in the reader's language («Компьютер · мастер»,
 * "Computer · master"). The synced name is the Russian one the server and the record keep; everything the
 * page writes with a name (the strip, the turn, the verdicts, the result) reads the shown snapshot, so the
 * computer is named one way all over the page.
 */
export function withComputerName(snapshot: TableSnapshot, t: TFunction): TableSnapshot {
  const level = snapshot.level;
  if (!level || !snapshot.players.some((p) => p?.computer)) return snapshot;
  const shown = (player: PlayerView | null): PlayerView | null =>
    player?.computer ? { ...player, name: computerName(level, t) } : player;
  return { ...snapshot, players: [shown(snapshot.players[0]), shown(snapshot.players[1])] };
}

/** The computer at this level, named in the reader's language (a match's page names it so too). */
function computerName(level: ComputerLevel, t: TFunction): string {
  return t("computer.name", { level: t(`computer.level.${level}`) });
}

/** A match's two names as its page shows them: the computer's in the reader's language. */
export function withComputerSeatName(players: SeatNames, level: ComputerLevel | null, t: TFunction): SeatNames {
  if (!level) return players;
  const named: [string, string] = [players[0], players[1]];
  named[COMPUTER_SEAT] = computerName(level, t);
  return named;
}

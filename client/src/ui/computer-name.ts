import type { TFunction } from "i18next";
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
    player?.computer ? { ...player, name: t("computer.name", { level: t(`computer.level.${level}`) }) } : player;
  return { ...snapshot, players: [shown(snapshot.players[0]), shown(snapshot.players[1])] };
}

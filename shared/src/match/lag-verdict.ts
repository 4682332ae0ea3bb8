import type { LagLoss, LagOutcome } from "./lag.ts";

/** The lag's result as announced: who won and why each ball lost, in words for players (I21). */
export interface LagVerdict extends LagOutcome {
  readonly explanation: { readonly ru: string; readonly en: string };
}

const LOSS_TEXT: Record<LagLoss, { ru: string; en: string }> = {
  "missed-foot-cushion": { ru: "не коснулся короткого борта", en: "missed the foot cushion" },
  "crossed-half": { ru: "заехал на половину соперника", en: "crossed into the other half" },
  "long-cushion": { ru: "коснулся длинного борта", en: "touched a long cushion" },
  "touched-other-ball": { ru: "коснулся шара соперника", en: "touched the other ball" },
  pocketed: { ru: "упал в лузу", en: "was pocketed" },
  "off-table": { ru: "вылетел со стола", en: "left the table" },
};

function describeLosses(player: 0 | 1, losses: readonly LagLoss[]): { ru: string; en: string } | null {
  if (losses.length === 0) return null;
  return {
    ru: `Шар игрока ${player + 1} ${losses.map((l) => LOSS_TEXT[l].ru).join(", ")}.`,
    en: `Player ${player + 1}'s ball ${losses.map((l) => LOSS_TEXT[l].en).join(", ")}.`,
  };
}

export function explainLag(lag: LagOutcome): { ru: string; en: string } {
  const parts = [describeLosses(0, lag.losses[0]), describeLosses(1, lag.losses[1])].filter((p) => p !== null);
  const head =
    lag.winner === null
      ? { ru: "Раскат переигрывается (п. 5).", en: "The lag is replayed (clause 5)." }
      : {
          ru: `Раскат выиграл игрок ${lag.winner + 1}: он бьёт начальный удар из дома (п. 5).`,
          en: `Player ${lag.winner + 1} wins the lag and plays the opening shot from the house (clause 5).`,
        };
  return {
    ru: [head.ru, ...parts.map((p) => p.ru)].join(" "),
    en: [head.en, ...parts.map((p) => p.en)].join(" "),
  };
}

/**
 * The series at one table: who won each match played there, so that a rematch shows the running score
 * ("2 : 1"). Kept per table code in localStorage, so a reload keeps it; the fold itself is pure.
 */
export type Series = Readonly<Record<string, string>>;

const PREFIX = "habibka.series.";

/** The series with one more finished match (its id and the winner's name); a match counts once. */
export function withResult(series: Series, matchId: string, winner: string): Series {
  if (series[matchId] === winner) return series;
  return { ...series, [matchId]: winner };
}

/** Matches won by each of the two players. */
export function seriesScore(series: Series, names: readonly [string, string]): [number, number] {
  const wins = Object.values(series);
  return [wins.filter((w) => w === names[0]).length, wins.filter((w) => w === names[1]).length];
}

export function loadSeries(code: string, storage: Storage | undefined = globalThis.localStorage): Series {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(PREFIX + code) ?? "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === "string")) as Series;
    }
  } catch {
    // unreadable: a fresh series
  }
  return {};
}

export function saveSeries(code: string, series: Series, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(PREFIX + code, JSON.stringify(series));
  } catch {
    // not remembered
  }
}

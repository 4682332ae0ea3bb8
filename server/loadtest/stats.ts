/** Figures the load test collects: latencies (kept whole, to take exact percentiles) and counters. */
export class Latencies {
  private readonly values: number[] = [];

  add(ms: number): void {
    this.values.push(ms);
  }

  get count(): number {
    return this.values.length;
  }

  percentile(p: number): number {
    if (this.values.length === 0) return Number.NaN;
    const sorted = [...this.values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  }

  max(): number {
    return this.values.length === 0
      ? Number.NaN
      : this.values.reduce((m, v) => Math.max(m, v), Number.NEGATIVE_INFINITY);
  }

  /** p50, p95, p99 and the maximum, ms to a tenth. */
  summary(): { p50: number | null; p95: number | null; p99: number | null; max: number | null } {
    return {
      p50: round(this.percentile(50)),
      p95: round(this.percentile(95)),
      p99: round(this.percentile(99)),
      max: round(this.max()),
    };
  }
}

export class Counters {
  private readonly counts = new Map<string, number>();

  add(name: string, by = 1): void {
    this.counts.set(name, (this.counts.get(name) ?? 0) + by);
  }

  get(name: string): number {
    return this.counts.get(name) ?? 0;
  }

  entries(): [string, number][] {
    return [...this.counts].sort((a, b) => b[1] - a[1]);
  }
}

export function round(n: number, digits = 1): number | null {
  return Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : null;
}

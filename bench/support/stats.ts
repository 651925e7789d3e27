/** Percentile of a sample (nearest-rank), in the sample's unit. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export interface LatencySummary {
  samples: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
}

export function summarise(values: number[]): LatencySummary {
  return {
    samples: values.length,
    p50_ms: round(percentile(values, 50)),
    p95_ms: round(percentile(values, 95)),
    p99_ms: round(percentile(values, 99)),
  };
}

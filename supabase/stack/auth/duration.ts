// Go's time.ParseDuration, which GoTrue uses for `ban_duration` and config.toml uses for intervals
// ("24h", "1h30m", "100ms", "-1.5h"). Returns milliseconds, or undefined when the text is not a duration.
const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

export function parseGoDuration(text: string): number | undefined {
  let rest = text;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    if (rest.startsWith('-')) sign = -1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') return undefined;
  let total = 0;
  const part = /^(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)/;
  while (rest.length > 0) {
    const match = part.exec(rest);
    if (!match) return undefined;
    total += Number(match[1]) * UNIT_MS[match[2]];
    rest = rest.slice(match[0].length);
  }
  return sign * total;
}

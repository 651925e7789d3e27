import { performance } from 'node:perf_hooks';
import { rssMb } from './process-memory.ts';
import { round } from './stats.ts';

export interface DownloadRun {
  first_byte_ms: number;
  total_ms: number;
  bytes: number;
  /** Data lines of a text file; of a workbook, the count its function announces (X-Total-Rows); else null. */
  rows: number | null;
  rss_before_mb: number;
  rss_peak_mb: number;
}

/**
 * One download read to its end as a browser streams it: first byte, last byte, bytes, its rows (see DownloadRun), and
 * the resident memory of the function worker `pid` (when known) sampled every 20 ms against its size before.
 */
export async function downloadOnce(
  url: string,
  headers: Record<string, string>,
  pid: number | undefined,
): Promise<DownloadRun> {
  const before = pid ? rssMb(pid) : Number.NaN;
  let peak = before;
  const sampler = setInterval(() => {
    if (pid) peak = Math.max(peak, rssMb(pid));
  }, 20);
  try {
    const started = performance.now();
    const response = await fetch(url, { headers });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    const reader = response.body!.getReader();
    let firstByte = 0;
    let bytes = 0;
    let newlines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!firstByte) firstByte = performance.now() - started;
      bytes += value.byteLength;
      for (const byte of value) if (byte === 10) newlines += 1;
    }
    const total = performance.now() - started;
    // A deflated workbook's bytes hold newlines by chance: only text is counted by its lines.
    const type = response.headers.get('content-type') ?? '';
    const announced = response.headers.get('x-total-rows');
    const text = /^text\//.test(type);
    const rows = text ? Math.max(0, newlines - 1) : announced === null ? null : Number(announced);
    if (pid) peak = Math.max(peak, rssMb(pid));
    return {
      first_byte_ms: round(firstByte),
      total_ms: round(total),
      bytes,
      rows,
      rss_before_mb: round(before, 1),
      rss_peak_mb: round(peak, 1),
    };
  } finally {
    clearInterval(sampler);
  }
}

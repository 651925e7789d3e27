import { readdirSync, readFileSync } from 'node:fs';

/** The stack's processes by job, so a soak can tell which one grows. */
export type ProcessGroup =
  'postgres' | 'postgrest' | 'stack-node' | 'deno-workers' | 'tsx-wrapper' | 'esbuild' | 'other';

export interface GroupMemory {
  processes: number;
  rss_mb: number;
  /** Proportional set size: shared pages (postgres' shared_buffers) counted once across processes. */
  pss_mb: number;
  /** Pages only this process has (Private_Clean + Private_Dirty): what a leak grows. */
  private_mb: number;
}

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    // The process ended between the listing and the read.
    return null;
  }
}

function children(): Map<number, number[]> {
  const byParent = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    if (!stat) continue;
    // The command name may hold spaces and parentheses: the fields after the last ')' are fixed.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const list = byParent.get(ppid) ?? [];
    list.push(Number(entry));
    byParent.set(ppid, list);
  }
  return byParent;
}

function groupOf(pid: number): ProcessGroup {
  const cmdline = (read(`/proc/${pid}/cmdline`) ?? '').split('\0').join(' ');
  if (/\/postgres\b|^postgres:/.test(cmdline)) return 'postgres';
  if (/\/postgrest\b/.test(cmdline)) return 'postgrest';
  if (/\/deno\b/.test(cmdline)) return 'deno-workers';
  if (/esbuild/.test(cmdline)) return 'esbuild';
  // tsx runs start.ts in a child node with its loader; gateway, auth, realtime, functions router and cron live there.
  if (/loader\.mjs.*start\.ts/.test(cmdline)) return 'stack-node';
  if (/start\.ts/.test(cmdline)) return 'tsx-wrapper';
  return 'other';
}

function kilobytes(text: string | null, field: string): number {
  const match = text?.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  return match ? Number(match[1]) : 0;
}

/** RSS and PSS of `rootPid` and every process under it, summed by group (MB). */
export function sampleProcessTree(rootPid: number): Record<ProcessGroup, GroupMemory> {
  const tree = children();
  const pids: number[] = [];
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.shift()!;
    pids.push(pid);
    queue.push(...(tree.get(pid) ?? []));
  }
  const groups = {} as Record<ProcessGroup, GroupMemory>;
  for (const pid of pids) {
    const rollup = read(`/proc/${pid}/smaps_rollup`);
    if (!rollup) continue;
    const group = groupOf(pid);
    const g = (groups[group] ??= { processes: 0, rss_mb: 0, pss_mb: 0, private_mb: 0 });
    g.processes += 1;
    g.rss_mb += kilobytes(rollup, 'Rss') / 1024;
    g.pss_mb += kilobytes(rollup, 'Pss') / 1024;
    g.private_mb += (kilobytes(rollup, 'Private_Clean') + kilobytes(rollup, 'Private_Dirty')) / 1024;
  }
  for (const g of Object.values(groups)) {
    g.rss_mb = Math.round(g.rss_mb * 10) / 10;
    g.pss_mb = Math.round(g.pss_mb * 10) / 10;
    g.private_mb = Math.round(g.private_mb * 10) / 10;
  }
  return groups;
}

/** Least-squares slope of (minute, MB) points, in MB per minute. */
export function slopePerMinute(points: Array<{ minute: number; mb: number }>): number {
  if (points.length < 2) return 0;
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.minute, 0) / n;
  const my = points.reduce((s, p) => s + p.mb, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.minute - mx) * (p.mb - my), 0);
  const sxx = points.reduce((s, p) => s + (p.minute - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

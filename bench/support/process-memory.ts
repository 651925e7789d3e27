import { readdirSync, readFileSync } from 'node:fs';

/**
 * The Deno process serving a function for the stack at `apiUrl` (found by its entry point and SUPABASE_URL:
 * other stacks on the machine run the same function).
 */
export function functionWorkerPid(functionName: string, apiUrl: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(`${functionName}/index.ts`)) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`SUPABASE_URL=${apiUrl}`))
        return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  return undefined;
}

/** Resident memory of a process in MB (VmRSS). */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

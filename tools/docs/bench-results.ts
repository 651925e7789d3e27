// Reads bench/results/*.json for the benchmark tables (bench-tables.ts), and names the document they go into.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../../supabase/stack/shared/load-config.ts';
import type { BenchResultFile } from './bench-tables.ts';

export const RESULTS_DIR = path.join(ROOT_DIR, 'bench', 'results');
export const PERFORMANCE_DOC = path.join(ROOT_DIR, 'docs', 'performance.md');

export function readBenchResults(dir = RESULTS_DIR): BenchResultFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({
      file: name.slice(0, -'.json'.length),
      json: JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as unknown,
    }));
}

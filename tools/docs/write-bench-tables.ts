// `npm run docs:bench`: renders bench/results/*.json into docs/performance.md between its markers
// (bench-tables.ts); `--check` exits 1 when the committed tables differ from the results instead of writing.
import { readFileSync, writeFileSync } from 'node:fs';
import { PERFORMANCE_DOC, readBenchResults } from './bench-results.ts';
import { renderBenchTables, replaceBetweenMarkers } from './bench-tables.ts';

const results = readBenchResults();
const current = readFileSync(PERFORMANCE_DOC, 'utf8');
const next = replaceBetweenMarkers(current, renderBenchTables(results));

if (process.argv.includes('--check')) {
  if (next !== current) {
    console.error('docs/performance.md is not what bench/results renders: run `npm run docs:bench`.');
    process.exit(1);
  }
  console.log('docs/performance.md matches bench/results.');
} else {
  writeFileSync(PERFORMANCE_DOC, next);
  console.log(`docs/performance.md: tables from ${results.length} result files.`);
}

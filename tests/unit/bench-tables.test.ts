import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PERFORMANCE_DOC, readBenchResults } from '../../tools/docs/bench-results.ts';
import { END_MARKER, renderBenchTables, replaceBetweenMarkers, START_MARKER } from '../../tools/docs/bench-tables.ts';

// docs/performance.md's benchmark tables come from bench/results/*.json (tools/docs), not from a hand.

const fanout = {
  file: 'broadcast-fanout',
  json: {
    name: 'broadcast-fanout',
    latency: { samples: 40000, p50_ms: 9.77, p95_ms: 22.26, p99_ms: 32.02 },
    goal: 'p95 <= 50 ms',
    goal_met: true,
    measured_at: '2026-11-22T04:31:18.887Z',
    load_average: [1.5, 2, 3],
  },
};

const scale = {
  file: 'scale',
  json: {
    name: 'scale',
    goal: 'every list p95 <= 100 ms | no Seq Scan',
    rows: [
      {
        screen: 'cars',
        request: 'active cars',
        kind: 'rest',
        rows: 15,
        p50_ms: 3.44,
        p95_ms: 9.09,
        plan_ok: true,
        seq_scans: [],
      },
      {
        screen: 'routes',
        request: 'a depo',
        kind: 'rpc',
        rows: 150,
        p50_ms: 6.79,
        p95_ms: 9.52,
        plan_ok: false,
        seq_scans: ['routes'],
      },
    ],
    eod_approve: { request: 'approve', p50_ms: 20, p95_ms: 27 },
    goal_missed: [],
    measured_at: '2026-11-27T13:08:03.191Z',
    load_average_1m: 0.94,
  },
};

describe('the benchmark tables', () => {
  it('renders a results file into its summary, timings and per-screen tables', () => {
    expect(renderBenchTables([scale, fanout])).toBe(
      [
        '### Every result',
        '',
        '| result | file | measured (UTC) | load (1 min) | goal | goal met |',
        '|---|---|---|---|---|---|',
        '| broadcast-fanout | broadcast-fanout.json | 2026-11-22 04:31 | 1.5 | p95 <= 50 ms | yes |',
        '| scale | scale.json | 2026-11-27 13:08 | 0.94 | every list p95 <= 100 ms \\| no Seq Scan | yes |',
        '',
        '### Timings (every p50/p95 a result holds)',
        '',
        '| result | measure | samples | p50 ms | p95 ms | p99 ms |',
        '|---|---|---|---|---|---|',
        '| broadcast-fanout | latency | 40000 | 9.77 | 22.26 | 32.02 |',
        '| scale | eod_approve |  | 20 | 27 |  |',
        '',
        '### Every list at production scale (scale.json, 2026-11-27 13:08)',
        '',
        '| screen | request | rows | p50 ms | p95 ms | plan ok |',
        '|---|---|---|---|---|---|',
        '| cars | REST: active cars | 15 | 3.44 | 9.09 | yes |',
        '| routes | RPC: a depo | 150 | 6.79 | 9.52 | no: routes |',
      ].join('\n'),
    );
  });

  it('names a whole-run timing "the run" and a result without a name by its file', () => {
    const ready = { file: 'stack-ready-warm', json: { samples: 3, p50_ms: 1658.52, p95_ms: 2048.15, p99_ms: 2048.15 } };
    const rendered = renderBenchTables([ready]);
    expect(rendered).toContain('| stack-ready-warm | stack-ready-warm.json |  |  |  |  |');
    expect(rendered).toContain('| stack-ready-warm | the run | 3 | 1658.52 | 2048.15 | 2048.15 |');
  });

  it("renders the hostile-input run's counts", () => {
    const fuzz = { file: 'fuzz', json: { seed: 7, runs: 600, answers5xx: 0, crashes: 0, findings: [] } };
    expect(renderBenchTables([fuzz])).toContain(
      [
        '### Hostile input (fuzz.json)',
        '',
        '| figure | value |',
        '|---|---|',
        '| seed | 7 |',
        '| calls | 600 |',
        '| answers of 500 or more | 0 |',
        '| crashes | 0 |',
        '| findings | 0 |',
      ].join('\n'),
    );
  });

  it('replaces only what lies between the markers, and refuses a document without them', () => {
    const doc = `# Performance\n\nprose\n\n${START_MARKER}\n\nold table\n\n${END_MARKER}\n\nmore prose\n`;
    expect(replaceBetweenMarkers(doc, 'new table')).toBe(
      `# Performance\n\nprose\n\n${START_MARKER}\n\nnew table\n\n${END_MARKER}\n\nmore prose\n`,
    );
    expect(() => replaceBetweenMarkers('# Performance\n', 'new table')).toThrow(/markers/);
  });

  it('are in docs/performance.md as bench/results renders them (after a bench run: npm run docs:bench)', () => {
    const doc = readFileSync(PERFORMANCE_DOC, 'utf8');
    expect(doc).toBe(replaceBetweenMarkers(doc, renderBenchTables(readBenchResults())));
  });
});

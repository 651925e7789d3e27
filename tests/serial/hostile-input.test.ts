import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackInfo } from '../support/stack-info.ts';
import { allCallers, HOME_TENANT } from '../fuzz/callers.ts';
import { discoverSurface, type Surface } from '../fuzz/endpoints.ts';
import { fuzzEndpoints, type FuzzFigures } from '../fuzz/fuzz-run.ts';
import { changedTables, pauseAllCronJobs, takeSnapshot } from '../fuzz/row-snapshot.ts';

// Hostile input against every RPC, edge function and anon-reachable relation (found from the catalogue, the
// functions folder and PostgREST's OpenAPI, not from a list): no answer of 500 or more, a refusal is a JSON error,
// the stack's processes survive, a refused call changes no row and a home-tenant member never changes another
// tenant's rows. Serial: the row snapshots need the database to themselves (cron is paused for the run too).
// `npm test` runs a fixed seed with a few runs per endpoint; `npm run fuzz` runs many (FUZZ_RUNS, FUZZ_SEED).

const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 20261129);

let db: pg.Client;
let surface: Surface;
let resumeCron: () => Promise<void>;
let homeTenantId: string;

interface Health {
  postmasterStart: string;
  rest: number;
  functions: number;
  auth: number;
}

async function health(): Promise<Health> {
  const { apiUrl, anonKey } = stackInfo();
  const status = (route: string) =>
    fetch(`${apiUrl}${route}`, { headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` } }).then(
      (response) => response.status,
      () => 0,
    );
  const {
    rows: [row],
  } = await db.query<{ started: string }>('select pg_postmaster_start_time()::text as started');
  return {
    postmasterStart: row!.started,
    rest: await status('/rest/v1/rpc/public_site_segments'),
    functions: await status('/functions/v1/health'),
    auth: await status('/auth/v1/health'),
  };
}

beforeAll(async () => {
  db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await db.connect();
  const {
    rows: [tenant],
  } = await db.query<{ id: string }>('select id from public.tenants where slug = $1', [HOME_TENANT]);
  homeTenantId = tenant!.id;
  surface = await discoverSurface(db, await allCallers());
  resumeCron = await pauseAllCronJobs(db);
});

afterAll(async () => {
  await resumeCron?.();
  await db?.end();
});

describe('hostile input', () => {
  it('has an argument model for every RPC, edge function and anon-reachable relation the API exposes', () => {
    expect(surface.counts.rpcs).toBeGreaterThan(50);
    expect(surface.counts.functions).toBeGreaterThan(10);
    expect(surface.unmodelled).toEqual([]);
  });

  it('sees a committed change in its row snapshot and none from a rolled-back one', async () => {
    const before = await takeSnapshot(db);
    await db.query('begin');
    await db.query(`update public.tenants set name = name || '!' where slug = 'romania'`);
    await db.query('rollback');
    expect(changedTables(before, await takeSnapshot(db))).toEqual([]);
    await db.query(`update public.tenants set name = name where slug = 'romania'`);
    expect(changedTables(before, await takeSnapshot(db))).toEqual(['public.tenants tenant=-']);
  });

  it('has no function raising an error code PostgREST answers with a 5xx (P0002 "Not found" was one: use PT404)', async () => {
    const { rows } = await db.query<{ name: string }>(
      `select n.nspname || '.' || p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'app_private') and p.prosrc ~* $1 order by 1`,
      [String.raw`errcode\s*=\s*'(P000[2-9]|XX\w{3}|5[3-8]\w{3}|F0\w{3}|HV\w{3})'`],
    );
    expect(rows.map((row) => row.name)).toEqual([]);
  });

  it(
    'answers every fuzzed call below 500 with JSON refusals, survives, and changes no row by a refused call',
    { timeout: Math.max(240_000, RUNS * 60_000) },
    async () => {
      const healthBefore = await health();
      const started = Date.now();
      const figures: FuzzFigures = await fuzzEndpoints(db, surface.endpoints, {
        seed: SEED,
        runsPerEndpoint: RUNS,
        homeTenantId,
      });
      const seconds = (Date.now() - started) / 1000;
      const healthAfter = await health();
      const crashes =
        Number(healthAfter.postmasterStart !== healthBefore.postmasterStart) +
        Number(healthAfter.rest !== 200) +
        Number(healthAfter.functions !== 200) +
        Number(healthAfter.auth !== 200);
      const report = {
        ...figures,
        crashes,
        seconds,
        counts: surface.counts,
        healthBefore,
        healthAfter,
        findings: figures.findings.slice(0, 200),
      };
      if (process.env.FUZZ_REPORT) {
        mkdirSync(path.dirname(process.env.FUZZ_REPORT), { recursive: true });
        writeFileSync(
          process.env.FUZZ_REPORT,
          `${JSON.stringify({ ...report, load_average: (await import('node:os')).loadavg() }, null, 2)}\n`,
        );
      }
      expect(figures.findings).toEqual([]);
      expect({
        answers5xx: figures.answers5xx,
        noAnswer: figures.noAnswer,
        crashes,
        rowsChanged: figures.rowsChangedByRefusedCalls + figures.otherTenantsRowsChanged,
      }).toEqual({ answers5xx: 0, noAnswer: 0, crashes: 0, rowsChanged: 0 });
      expect(figures.runs).toBe(surface.endpoints.length * RUNS);
    },
  );
});

/**
 * `npx tsx tools/scaling/partitioning-sim.ts`: what partitioning by time does to the two tables that grow
 * fastest, on copies in a throwaway Postgres 17 (no stack; SCALING_SIM_PORT-1 is its port block, default 52200):
 * - car positions (shape of public.car_positions) as one table, by day (as the product has it) and by month;
 * - POS order lines (shape of public.eod_order_line_items plus the order's time) as one table and by month.
 * For each: the hot queries (p50/p95 of 20 warm runs, partitions touched from EXPLAIN), a 500-row insert, and
 * retention (delete a day/month against dropping its partition). Sizes: SIM_CARS, SIM_POSITION_DAYS,
 * SIM_POS_LINES. Writes bench/results/scaling-partitioning.json.
 */
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PostgresServer } from '../../supabase/stack/postgres/postgres-server.ts';
import { loadStackConfig, ROOT_DIR } from '../../supabase/stack/shared/load-config.ts';
import { percentile } from '../../bench/support/stats.ts';

const CARS = Number(process.env.SIM_CARS ?? 100);
const DAYS = Number(process.env.SIM_POSITION_DAYS ?? 8);
const POS_LINES = Number(process.env.SIM_POS_LINES ?? 1_000_000);
const RUNS = 20;
const T0 = '2026-01-05T06:00:00Z'; // a fixed Monday, so every run builds the same data

type Layout = { name: string; ddl: string };

async function main(): Promise<void> {
  const config = await loadStackConfig({
    port: Number(process.env.SCALING_SIM_PORT ?? 52200),
    dataName: 'scaling-sim-db',
  });
  rmSync(config.dataDir, { recursive: true, force: true });
  const server = new PostgresServer(config, { fast: true });
  await server.initialise();
  await server.start();
  const db = new pg.Client({ connectionString: config.adminDbUrl });
  await db.connect();
  try {
    const positions = await simulatePositions(db);
    const posLines = await simulatePosLines(db);
    const result = {
      name: 'scaling-partitioning',
      description:
        'Copies of car positions and POS order lines, unpartitioned and partitioned by time, in a throwaway Postgres 17: hot queries (warm, p50/p95 of 20), partitions touched, a 500-row insert, retention',
      positions,
      pos_lines: posLines,
      measured_at: new Date().toISOString(),
      machine: `${os.platform()} ${os.arch()}, ${os.cpus().length} cores`,
      load_average: os.loadavg().map((l) => Number(l.toFixed(2))),
    };
    writeFileSync(
      path.join(ROOT_DIR, 'bench', 'results', 'scaling-partitioning.json'),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await db.end();
    await server.stop();
    rmSync(config.dataDir, { recursive: true, force: true });
  }
}

async function simulatePositions(db: pg.Client) {
  const columns = `tenant_id uuid not null, car_id bigint not null, depo_id bigint not null, recorded_at timestamptz not null,
    lat double precision not null, lng double precision not null, primary key (tenant_id, car_id, recorded_at)`;
  const layouts: Layout[] = [
    { name: 'one table', ddl: `create table pos_plain (${columns}); create index on pos_plain (tenant_id, depo_id);` },
    {
      name: 'by day',
      ddl: `create table pos_day (${columns}) partition by range (recorded_at); create index on pos_day (tenant_id, depo_id); ${rangePartitions('pos_day', 'day', DAYS + 1)}`,
    },
    {
      name: 'by month',
      ddl: `create table pos_month (${columns}) partition by range (recorded_at); create index on pos_month (tenant_id, depo_id); ${rangePartitions('pos_month', 'month', 2)}`,
    },
  ];
  const tables = ['pos_plain', 'pos_day', 'pos_month'];
  // 10 hours a day, a fix every 10 s, each car in one of 5 depots.
  const fill = (tbl: string) => `insert into ${tbl}
    select '00000000-0000-0000-0000-000000000001', car, car % 5, t, 55 + car * 0.001, 12 + extract(epoch from t - '${T0}') * 1e-6
    from generate_series(1, ${CARS}) car,
         generate_series(0, ${DAYS - 1}) d,
         generate_series(timestamptz '${T0}' + d * interval '1 day', timestamptz '${T0}' + d * interval '1 day' + interval '10 hours' - interval '10 s', interval '10 s') t`;
  const out: Record<string, unknown>[] = [];
  for (const [i, layout] of layouts.entries()) {
    const tbl = tables[i]!;
    await db.query(layout.ddl);
    const loadMs = await time(() => db.query(fill(tbl)));
    await db.query(`vacuum analyze ${tbl}`);
    const lastDay = `timestamptz '${T0}' + interval '${DAYS - 1} days'`;
    const queries = {
      // The live map: each car's latest fix in one depo.
      latest_per_car_in_depo: `select c.car, p.recorded_at from generate_series(0, ${CARS}, 5) c(car)
        cross join lateral (select recorded_at from ${tbl} where tenant_id = '00000000-0000-0000-0000-000000000001' and car_id = c.car order by recorded_at desc limit 1) p`,
      // A plan event's trail: one car, one trip of 4 hours on the last day.
      trip_trail: `select lat, lng from ${tbl} where tenant_id = '00000000-0000-0000-0000-000000000001' and car_id = 7
        and recorded_at >= ${lastDay} and recorded_at < ${lastDay} + interval '4 hours' order by recorded_at`,
      // A depo's fixes of the last hour (staff map on open).
      depo_last_hour: `select count(*) from ${tbl} where tenant_id = '00000000-0000-0000-0000-000000000001' and depo_id = 3
        and recorded_at >= ${lastDay} + interval '9 hours'`,
    };
    const measured: Record<string, unknown> = {};
    for (const [name, sql] of Object.entries(queries)) measured[name] = await measure(db, sql);
    const insertMs = await time(() =>
      db.query(
        `insert into ${tbl} select '00000000-0000-0000-0000-000000000001', car, car % 5, ${lastDay} + interval '10 hours 1 s', 55, 12 from generate_series(1, 500) car`,
      ),
    );
    const oldest = await db.query<{ n: string }>(
      `select count(*) as n from ${tbl} where recorded_at < timestamptz '${T0}' + interval '1 day'`,
    );
    const retentionMs =
      layout.name === 'by day'
        ? await time(() => db.query(`drop table ${tbl}_${T0.slice(0, 10).replaceAll('-', '')}`))
        : await time(() => db.query(`delete from ${tbl} where recorded_at < timestamptz '${T0}' + interval '1 day'`));
    out.push({
      layout: layout.name,
      rows: await count(db, tbl),
      load_ms: loadMs,
      total_mb: await sizeMb(db, tbl),
      queries: measured,
      insert_500_rows_ms: insertMs,
      retention_oldest_day: {
        rows: Number(oldest.rows[0]!.n),
        how: layout.name === 'by day' ? 'drop partition' : 'delete',
        ms: retentionMs,
      },
    });
    await db.query(`drop table ${tbl}`);
  }
  return out;
}

async function simulatePosLines(db: pg.Client) {
  const columns = (
    pk: string,
  ) => `tenant_id uuid not null, id bigint not null, depo_id bigint not null, ordered_at timestamptz not null,
    product_name text not null, quantity numeric(12, 2) not null, total_line_amount numeric(12, 2) not null, primary key (${pk})`;
  const months = `select string_agg(format('create table %I partition of lines_month for values from (%L) to (%L);', 'lines_month_' || to_char(d, 'YYYYMM'), d, d + interval '1 month'), ' ') as s
    from generate_series(date_trunc('month', timestamptz '${T0}' - interval '24 months'), timestamptz '${T0}' + interval '1 month', interval '1 month') d`;
  const layouts: Array<Layout & { table: string }> = [
    {
      name: 'one table',
      table: 'lines_plain',
      ddl: `create table lines_plain (${columns('tenant_id, id')}); create index on lines_plain (tenant_id, depo_id, ordered_at);`,
    },
    {
      name: 'by month',
      table: 'lines_month',
      // A partitioned table's primary key must hold the partition key: (tenant_id, id) becomes (tenant_id, id, ordered_at).
      ddl: `create table lines_month (${columns('tenant_id, id, ordered_at')}) partition by range (ordered_at); create index on lines_month (tenant_id, depo_id, ordered_at); ${(await db.query<{ s: string }>(months)).rows[0]!.s}`,
    },
  ];
  const out: Record<string, unknown>[] = [];
  for (const layout of layouts) {
    const tbl = layout.table;
    await db.query(layout.ddl);
    // 24 months of sales in 20 depots, spread evenly.
    const loadMs = await time(() =>
      db.query(`insert into ${tbl} select '00000000-0000-0000-0000-000000000001', i, i % 20,
        timestamptz '${T0}' - interval '24 months' + (i::float8 / ${POS_LINES}) * interval '24 months',
        'product ' || (i % 300), 1 + i % 3, 10 + i % 50 from generate_series(1, ${POS_LINES}) i`),
    );
    await db.query(`vacuum analyze ${tbl}`);
    const queries = {
      // The sales export: one depo's 30 days.
      depo_30_days: `select id, ordered_at, product_name, quantity, total_line_amount from ${tbl}
        where tenant_id = '00000000-0000-0000-0000-000000000001' and depo_id = 4 and ordered_at >= timestamptz '${T0}' - interval '30 days' and ordered_at < timestamptz '${T0}'`,
      // A month's sales per product for the tenant (reports).
      month_by_product: `select product_name, sum(total_line_amount) from ${tbl}
        where tenant_id = '00000000-0000-0000-0000-000000000001' and ordered_at >= timestamptz '${T0}' - interval '1 month' and ordered_at < timestamptz '${T0}' group by 1`,
      // A line by its id alone, as the app's keys are today: the partitioned table cannot prune without the time.
      one_line_by_id: `select * from ${tbl} where tenant_id = '00000000-0000-0000-0000-000000000001' and id = ${Math.floor(POS_LINES / 2)}`,
    };
    const measured: Record<string, unknown> = {};
    for (const [name, sql] of Object.entries(queries)) measured[name] = await measure(db, sql);
    const oldestMonth = `timestamptz '${T0}' - interval '24 months'`;
    const oldest = await db.query<{ n: string }>(
      `select count(*) as n from ${tbl} where ordered_at < date_trunc('month', ${oldestMonth}) + interval '1 month'`,
    );
    const retentionMs =
      layout.name === 'by month'
        ? await time(async () => {
            const part = (
              await db.query<{ p: string }>(`select 'lines_month_' || to_char(${oldestMonth}, 'YYYYMM') as p`)
            ).rows[0]!.p;
            await db.query(`drop table ${part}`);
          })
        : await time(() =>
            db.query(`delete from ${tbl} where ordered_at < date_trunc('month', ${oldestMonth}) + interval '1 month'`),
          );
    out.push({
      layout: layout.name,
      rows: POS_LINES,
      load_ms: loadMs,
      total_mb: await sizeMb(db, tbl),
      queries: measured,
      retention_oldest_month: {
        rows: Number(oldest.rows[0]!.n),
        how: layout.name === 'by month' ? 'drop partition' : 'delete',
        ms: retentionMs,
      },
    });
    await db.query(`drop table ${tbl}`);
  }
  return out;
}

/** DDL of `count` partitions of a day or a month each, from the day (month) of T0 on; names end in YYYYMMDD. */
function rangePartitions(table: string, unit: 'day' | 'month', count: number): string {
  const first = new Date(T0);
  first.setUTCHours(0, 0, 0, 0);
  if (unit === 'month') first.setUTCDate(1);
  const step = (d: Date, k: number) => {
    const x = new Date(d);
    if (unit === 'day') x.setUTCDate(x.getUTCDate() + k);
    else x.setUTCMonth(x.getUTCMonth() + k);
    return x;
  };
  return Array.from({ length: count }, (_, k) => {
    const from = step(first, k);
    const to = step(first, k + 1);
    return `create table ${table}_${from.toISOString().slice(0, 10).replaceAll('-', '')} partition of ${table} for values from ('${from.toISOString()}') to ('${to.toISOString()}');`;
  }).join(' ');
}

/** p50/p95 of warm runs, and how many partitions (or the table) the plan scans. */
async function measure(db: pg.Client, sql: string) {
  await db.query(sql);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) samples.push(await time(() => db.query(sql)));
  const plan = (await db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`)).rows[0]!['QUERY PLAN'];
  const relations = new Set<string>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    if (typeof n['Relation Name'] === 'string') relations.add(n['Relation Name']);
    for (const value of Object.values(n)) if (Array.isArray(value)) value.forEach(walk);
    if (n.Plan) walk(n.Plan);
  };
  (plan as unknown[]).forEach(walk);
  return { p50_ms: percentile(samples, 50), p95_ms: percentile(samples, 95), relations_scanned: relations.size };
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await work();
  return Number((performance.now() - t).toFixed(2));
}

async function count(db: pg.Client, tbl: string): Promise<number> {
  return Number((await db.query<{ n: string }>(`select count(*) as n from ${tbl}`)).rows[0]!.n);
}

async function sizeMb(db: pg.Client, tbl: string): Promise<number> {
  // pg_partition_tree lists nothing for a table that is not partitioned: then the table alone.
  const { rows } = await db.query<{ b: string }>(
    `select coalesce((select sum(pg_total_relation_size(relid)) from pg_partition_tree($1::regclass)), pg_total_relation_size($1::regclass)) as b`,
    [tbl],
  );
  return Number((Number(rows[0]!.b) / 1024 / 1024).toFixed(1));
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});

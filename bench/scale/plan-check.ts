import type pg from 'pg';

/** A plan node as EXPLAIN (FORMAT JSON) writes it; only what the check reads. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Schema?: string;
  Plans?: PlanNode[];
}

export interface PlanVerdict {
  ok: boolean;
  /** Sequential scans of large tables, as "schema.table (rows)". */
  seq_scans: string[];
  statements: number;
}

/** A table is large when the planner's estimate says it holds more rows than this. */
export const LARGE_TABLE_ROWS = 10_000;

/** The planner's row estimates of every table of the app's schemas (partitions included), by schema.name and name. */
export async function tableSizes(db: pg.ClientBase): Promise<Map<string, number>> {
  const { rows } = await db.query<{ schema: string; name: string; rows: number }>(
    `select n.nspname as schema, c.relname as name, greatest(c.reltuples, 0)::float8 as rows
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname in ('public', 'app_private', 'auth', 'realtime')`,
  );
  const sizes = new Map<string, number>();
  for (const row of rows) {
    sizes.set(`${row.schema}.${row.name}`, Number(row.rows));
    if (!sizes.has(row.name) || Number(row.rows) > sizes.get(row.name)!) sizes.set(row.name, Number(row.rows));
  }
  return sizes;
}

function walk(node: PlanNode, visit: (node: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/** Judges plans (root nodes): any Seq Scan of a large table fails. */
export function judgePlans(plans: PlanNode[], sizes: Map<string, number>): PlanVerdict {
  const seqScans = new Set<string>();
  for (const plan of plans) {
    walk(plan, (node) => {
      if (node['Node Type'] !== 'Seq Scan' || !node['Relation Name']) return;
      const key = node.Schema ? `${node.Schema}.${node['Relation Name']}` : node['Relation Name'];
      const rows = sizes.get(key) ?? sizes.get(node['Relation Name']) ?? 0;
      if (rows > LARGE_TABLE_ROWS) seqScans.add(`${key} (${Math.round(rows)} rows)`);
    });
  }
  return { ok: seqScans.size === 0, seq_scans: [...seqScans], statements: plans.length };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement an RPC runs, the nested ones inside PL/pgSQL and SQL functions
 * included: auto_explain on a superuser session, its LOG lines sent to this client as notices. The call runs as
 * the caller (role and JWT claims, as PostgREST sets them) in a transaction that is rolled back.
 */
export class RpcPlanCollector {
  private notices: string[] = [];
  private argumentTypes = new Map<string, Map<string, string>>();

  constructor(private readonly db: pg.Client) {
    db.on('notice', (notice) => this.notices.push(notice.message ?? ''));
  }

  async prepare(): Promise<void> {
    await this.db.query(`load 'auto_explain'`);
    for (const setting of [
      'auto_explain.log_min_duration = 0',
      'auto_explain.log_analyze = on',
      'auto_explain.log_buffers = on',
      'auto_explain.log_nested_statements = on',
      'auto_explain.log_format = json',
      'client_min_messages = log',
    ]) {
      await this.db.query(`set ${setting}`);
    }
  }

  private async types(fn: string): Promise<Map<string, string>> {
    const known = this.argumentTypes.get(fn);
    if (known) return known;
    const { rows } = await this.db.query<{ args: string }>(
      `select pg_get_function_identity_arguments(p.oid) as args from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.proname = $1`,
      [fn],
    );
    if (rows.length !== 1) throw new Error(`${fn}: ${rows.length} functions of that name`);
    const types = new Map<string, string>();
    for (const arg of rows[0].args.split(', ').filter(Boolean)) {
      const [name, ...type] = arg.split(' ');
      types.set(name, type.join(' '));
    }
    this.argumentTypes.set(fn, types);
    return types;
  }

  async plans(
    role: 'authenticated' | 'anon',
    claims: Record<string, unknown>,
    fn: string,
    args: Record<string, unknown>,
  ): Promise<PlanNode[]> {
    const types = await this.types(fn);
    const names = Object.keys(args).filter((name) => args[name] !== undefined);
    const call = `select * from public.${fn}(${names.map((name, i) => `${name} => $${i + 1}::${types.get(name) ?? 'text'}`).join(', ')})`;
    await this.db.query('begin');
    try {
      await this.db.query(`set local role ${role}`);
      await this.db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
      this.notices = [];
      await this.db.query(
        call,
        names.map((name) => args[name]),
      );
    } finally {
      await this.db.query('rollback');
    }
    return this.notices
      .filter((message) => message.includes('plan:'))
      .map((message) => JSON.parse(message.slice(message.indexOf('{'))) as { Plan: PlanNode })
      .map((explained) => explained.Plan);
  }
}

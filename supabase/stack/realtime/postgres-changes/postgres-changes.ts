import type pg from 'pg';
import type { RealtimeClaims } from '../jwt.ts';
import { encodePushWithJsonPayload, isJsonObject, type JsonObject, type Vsn, type WireFrame } from '../serializer.ts';
import { passesFilters } from './filters.ts';
import { describeParams, parseSubscriptionParams, type SubscriptionParams } from './subscription-params.ts';
import { TableCatalog, type TableInfo } from './table-catalog.ts';

export const CHANGES_CHANNEL = 'realtime_changes';
const PUBLICATION = 'supabase_realtime';
/** Realtime's max_record_bytes: bigger records lose their long values and carry Error 413. */
const MAX_RECORD_BYTES = 1024 * 1024;

export interface PostgresChangesBinding {
  /** The binding exactly as the client sent it. */
  params: JsonObject;
  id: number;
}

export interface PostgresChangesSubscriber {
  readonly vsn: Vsn;
  readonly joinTopic: string;
  readonly claims: RealtimeClaims;
  readonly bindings: PostgresChangesBinding[];
  deliver(frame: WireFrame): void;
}

type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

interface Change {
  schema: string;
  table: string;
  type: ChangeType;
  record: Record<string, unknown> | null;
  oldRecord: Record<string, unknown> | null;
  commitTimestamp: string;
}

interface ActiveBinding {
  id: number;
  params: SubscriptionParams;
}

interface Match {
  subscriber: PostgresChangesSubscriber;
  bindings: ActiveBinding[];
}

function matchesName(pattern: string, name: string): boolean {
  return pattern === '*' || pattern === name;
}

function pick(row: Record<string, unknown> | null, columns: Iterable<string>): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  if (!row) return picked;
  for (const column of columns) if (column in row) picked[column] = row[column];
  return picked;
}

function pgError(error: unknown): string {
  const code =
    typeof error === 'object' && error !== null && 'code' in error
      ? String((error as { code: unknown }).code)
      : 'XX000';
  return `ERROR ${code} ${error instanceof Error ? error.message : String(error)}`;
}

class SubscribeError extends Error {}

function subscribeErrorMessage(params: SubscriptionParams, failure: unknown): string {
  if (failure instanceof SubscribeError && failure.message === '') {
    return `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${describeParams(params)}]`;
  }
  const detail =
    failure instanceof SubscribeError ? `ERROR P0001 (raise_exception) ${failure.message}` : pgError(failure);
  return `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${describeParams(params)}]. Exception: ${detail}`;
}

/**
 * Postgres Changes: row changes captured at commit (see 30-realtime.sql), filtered per binding,
 * checked against each subscriber's column grants and RLS, and pushed in commit order.
 */
export class PostgresChanges {
  private readonly subscriptions = new Map<PostgresChangesSubscriber, ActiveBinding[]>();
  private readonly catalog: TableCatalog;
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: (message: string, error?: unknown) => void,
  ) {
    this.catalog = new TableCatalog(pool);
  }

  /**
   * Registers a channel's bindings at once (so no change committed after the join reply is
   * missed), then checks them against the database. Returns the system error message, or null;
   * on error the bindings are dropped again.
   */
  async subscribe(subscriber: PostgresChangesSubscriber): Promise<string | null> {
    const active: ActiveBinding[] = [];
    for (const binding of subscriber.bindings) {
      const parsed = parseSubscriptionParams(binding.params);
      if (!parsed.ok) return parsed.error;
      active.push({ id: binding.id, params: parsed.params });
    }
    this.subscriptions.set(subscriber, active);
    for (const { params } of active) {
      const error = await this.validate(params, subscriber.claims.role).then(
        () => null,
        (failure: unknown) => subscribeErrorMessage(params, failure),
      );
      if (error !== null) {
        this.subscriptions.delete(subscriber);
        return error;
      }
    }
    return null;
  }

  unsubscribe(subscriber: PostgresChangesSubscriber): void {
    this.subscriptions.delete(subscriber);
  }

  /** Claims are read from the subscriber on every change, so a new token needs nothing here. */
  update(_subscriber: PostgresChangesSubscriber): void {}

  stop(): void {
    this.stopped = true;
    this.subscriptions.clear();
  }

  onNotification(payload: string): void {
    let notice: unknown;
    try {
      notice = JSON.parse(payload);
    } catch {
      return;
    }
    if (!isJsonObject(notice)) return;
    // Stamped on arrival: NOTIFY is delivered right after commit.
    const commitTimestamp = new Date().toISOString();
    const overflowId = notice.overflow;
    if (overflowId === undefined && this.subscriptions.size === 0) return;
    this.queue = this.queue
      .then(async () => {
        const raw = typeof overflowId === 'number' ? await this.takeOverflow(overflowId) : notice;
        const change = raw ? toChange(raw, commitTimestamp) : null;
        if (change && !this.stopped) await this.process(change);
      })
      .catch((error: unknown) => this.log('could not deliver a postgres change', error));
  }

  private async takeOverflow(id: number): Promise<JsonObject | null> {
    const { rows } = await this.pool.query<{ change: JsonObject }>(
      'delete from realtime.change_overflow where id = $1 returning change',
      [id],
    );
    return rows[0]?.change ?? null;
  }

  private async validate(params: SubscriptionParams, role: string): Promise<void> {
    const { rows: tables } = await this.pool.query<{ schemaname: string; tablename: string }>(
      `select schemaname, tablename from pg_catalog.pg_publication_tables
        where pubname = $1
          and schemaname like (case $2 when '*' then '%' else $2 end) escape ''
          and tablename like (case $3 when '*' then '%' else $3 end) escape ''`,
      [PUBLICATION, params.schema, params.table],
    );
    if (tables.length === 0) throw new SubscribeError('');
    for (const { schemaname, tablename } of tables) {
      const info = await this.catalog.table(schemaname, tablename);
      const selectable = await this.catalog.selectableColumns(role, schemaname, tablename);
      if (!info) throw new SubscribeError('');
      if (!selectable) throw new SubscribeError(`role "${role}" does not exist`);
      for (const filter of params.filters) {
        const column = info.columns.find((candidate) => candidate.name === filter.column);
        if (!column || !selectable.has(filter.column))
          throw new SubscribeError(`invalid column for filter ${filter.column}`);
        await this.validateFilterValue(filter.operator, filter.value, column.sqlType, column.type);
      }
      for (const name of params.select ?? []) {
        if (!selectable.has(name)) throw new SubscribeError(`invalid column for select ${name}`);
      }
    }
  }

  /** The checks Realtime's subscription_check_filters makes, so bad filters fail at join. */
  private async validateFilterValue(operator: string, value: string, sqlType: string, typeName: string): Promise<void> {
    if (operator === 'in') {
      const { rows } = await this.pool.query<{ n: number | null }>(`select cardinality($1::text::${sqlType}[]) as n`, [
        value,
      ]);
      if ((rows[0]?.n ?? 0) > 100) throw new SubscribeError('too many values for `in` filter. Maximum 100');
    } else if (operator === 'is') {
      if (!['null', 'true', 'false', 'unknown'].includes(value)) {
        throw new SubscribeError('invalid value for is filter: must be null, true, false, or unknown');
      }
      if (value !== 'null' && typeName !== 'bool') {
        throw new SubscribeError(`is ${value} filter requires a boolean column, got ${sqlType}`);
      }
    } else if (operator === 'like' || operator === 'ilike' || operator === 'match' || operator === 'imatch') {
      const symbol = operator === 'like' || operator === 'ilike' ? '~~' : operator === 'match' ? '~' : '~*';
      const { rows } = await this.pool.query<{ ok: boolean }>(
        `select exists (select 1 from pg_catalog.pg_operator where oprname = $1 and oprleft = $2::regtype) as ok`,
        [symbol, sqlType],
      );
      if (!rows[0]?.ok)
        throw new SubscribeError(`operator ${operator} requires a text-compatible column type, got ${sqlType}`);
      if (operator === 'match' || operator === 'imatch') {
        await this.pool.query(`select '' ~ $1`, [value]).catch((error: unknown) => {
          throw new SubscribeError(`invalid regular expression for ${operator} filter: ${(error as Error).message}`);
        });
      }
    } else if (operator !== 'isdistinct' || value !== 'null') {
      await this.pool.query(`select $1::text::${sqlType}`, [value]);
    }
  }

  private async process(change: Change): Promise<void> {
    const candidates: Match[] = [];
    for (const [subscriber, bindings] of this.subscriptions) {
      const relevant = bindings.filter(
        ({ params }) =>
          matchesName(params.schema, change.schema) &&
          matchesName(params.table, change.table) &&
          (params.event === '*' || params.event === change.type),
      );
      if (relevant.length > 0) candidates.push({ subscriber, bindings: relevant });
    }
    if (candidates.length === 0) return;
    const info = await this.catalog.table(change.schema, change.table);
    if (!info) return;

    const types = new Map(info.columns.map((column) => [column.name, column.type]));
    const identity = info.replicaIdentityFull ? info.columns.map((column) => column.name) : info.primaryKey;
    const oldIdentity = change.oldRecord ? pick(change.oldRecord, identity) : null;
    // DELETE carries no new row: only the old identity columns can satisfy filters.
    const newRow = change.type === 'DELETE' ? {} : change.record;

    const byRole = new Map<string, Match[]>();
    for (const candidate of candidates) {
      const bindings = candidate.bindings.filter(
        ({ params }) =>
          passesFilters(params.filters, newRow, types) ||
          (change.type === 'DELETE' && passesFilters(params.filters, oldIdentity, types)),
      );
      if (bindings.length === 0) continue;
      const role = candidate.subscriber.claims.role;
      byRole.set(role, [...(byRole.get(role) ?? []), { subscriber: candidate.subscriber, bindings }]);
    }

    for (const [role, members] of byRole) {
      const selectable = await this.catalog.selectableColumns(role, change.schema, change.table);
      if (!selectable) continue;
      let error: string | undefined;
      if (change.type !== 'DELETE' && info.primaryKey.length === 0) error = 'Error 400: Bad Request, no primary key';
      else if (change.type !== 'DELETE' && !info.primaryKey.every((column) => selectable.has(column))) {
        error = 'Error 401: Unauthorized';
      }
      const visible =
        error === undefined && info.rlsEnabled && change.type !== 'DELETE'
          ? await this.visibleThroughRls(info, change, members)
          : members;
      for (const member of visible) {
        const data = error ? errorData(change, error) : buildData(change, info, selectable, oldIdentity, member);
        const ids = [...new Set(member.bindings.map((binding) => binding.id))];
        const payload = `{"ids":${JSON.stringify(ids)},"data":${data}}`;
        member.subscriber.deliver(
          encodePushWithJsonPayload(member.subscriber.vsn, member.subscriber.joinTopic, 'postgres_changes', payload),
        );
      }
    }
  }

  /** Hosted Realtime's RLS check: as each subscriber's role and claims, is the row selectable by primary key? */
  private async visibleThroughRls(info: TableInfo, change: Change, members: Match[]): Promise<Match[]> {
    const keyValues = info.primaryKey.map((column) => {
      const value = change.record?.[column];
      return value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);
    });
    const where = info.primaryKey
      .map((column, index) => {
        const type = info.columns.find((candidate) => candidate.name === column)?.sqlType ?? 'text';
        return `${quoteIdentifier(column)} = $${index + 1}::text::${type}`;
      })
      .join(' and ');
    const probe = `select exists (select 1 from ${info.qualified} where ${where}) as visible`;

    const verdicts = new Map<string, boolean>();
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query("begin; set local statement_timeout = '5s'");
      for (const member of members) {
        const claims = JSON.stringify(member.subscriber.claims);
        if (verdicts.has(claims)) continue;
        try {
          await client.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
            member.subscriber.claims.role,
            claims,
          ]);
          const { rows } = await client.query<{ visible: boolean }>(probe, keyValues);
          verdicts.set(claims, rows[0]?.visible === true);
        } catch (error) {
          // A policy that raises hides the row from this subscriber; start a clean transaction for the rest.
          verdicts.set(claims, false);
          this.log(`RLS check on ${info.qualified} failed`, error);
          await client.query("rollback; begin; set local statement_timeout = '5s'");
        }
      }
      await client.query('rollback');
    } catch (error) {
      broken = true;
      throw error;
    } finally {
      client.release(broken);
    }
    return members.filter((member) => verdicts.get(JSON.stringify(member.subscriber.claims)) === true);
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function toChange(raw: JsonObject, commitTimestamp: string): Change | null {
  const { schema, table, type, record, old_record: oldRecord } = raw;
  if (typeof schema !== 'string' || typeof table !== 'string') return null;
  if (type !== 'INSERT' && type !== 'UPDATE' && type !== 'DELETE') return null;
  return {
    schema,
    table,
    type,
    record: isJsonObject(record) ? record : null,
    oldRecord: isJsonObject(oldRecord) ? oldRecord : null,
    commitTimestamp,
  };
}

/** The `data` of a change for one subscriber: only columns its role may read (and it selected). */
function buildData(
  change: Change,
  info: TableInfo,
  selectable: Set<string>,
  oldIdentity: Record<string, unknown> | null,
  member: Match,
): string {
  const selected = member.bindings.find((binding) => binding.params.select)?.params.select ?? null;
  const columns = info.columns.filter(
    (column) =>
      selectable.has(column.name) &&
      (!selected || selected.includes(column.name) || info.primaryKey.includes(column.name)),
  );
  const names = columns.map((column) => column.name);
  const data: JsonObject = {
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commitTimestamp,
    type: change.type,
    columns: columns.map(({ name, type }) => ({ name, type })),
    errors: null,
  };
  if (change.type !== 'DELETE') data.record = pick(change.record, names);
  if (change.type === 'UPDATE') data.old_record = pick(oldIdentity, names);
  if (change.type === 'DELETE') {
    // With RLS on, a deleted row cannot be checked any more: only its primary key goes out.
    data.old_record = pick(
      oldIdentity,
      info.rlsEnabled ? names.filter((name) => info.primaryKey.includes(name)) : names,
    );
  }
  let text = JSON.stringify(data);
  if (Buffer.byteLength(text) > MAX_RECORD_BYTES) {
    const trim = (row: unknown) =>
      Object.fromEntries(
        Object.entries(row as Record<string, unknown>).filter(
          ([, value]) => Buffer.byteLength(JSON.stringify(value) ?? '') <= 64,
        ),
      );
    if (data.record) data.record = trim(data.record);
    if (data.old_record) data.old_record = trim(data.old_record);
    data.errors = ['Error 413: Payload Too Large'];
    text = JSON.stringify(data);
  }
  return text;
}

function errorData(change: Change, error: string): string {
  const data: JsonObject = {
    schema: change.schema,
    table: change.table,
    commit_timestamp: null,
    type: change.type,
    columns: [],
    errors: [error],
  };
  if (change.type !== 'DELETE') data.record = {};
  if (change.type !== 'INSERT') data.old_record = {};
  return JSON.stringify(data);
}

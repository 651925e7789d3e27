import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { RealtimeClaims } from './jwt.ts';

export type Extension = 'broadcast' | 'presence';

/** What RLS on realtime.messages allows one token on one topic; undefined = not checked yet. */
export interface Policies {
  broadcastRead?: boolean;
  presenceRead?: boolean;
  broadcastWrite?: boolean;
  presenceWrite?: boolean;
}

export interface AuthorizationContext {
  /** The channel name without the `realtime:` prefix; what realtime.topic() returns. */
  topic: string;
  claims: RealtimeClaims;
  /** The x-* headers of the websocket upgrade or HTTP request, exposed as request.headers. */
  headers: Record<string, string>;
}

export type AuthorizationResult =
  | { ok: true; policies: Policies }
  /** policy_error: a policy raised (treated as "no access"); unavailable: the database could not be reached. */
  | { ok: false; kind: 'policy_error' | 'unavailable'; error: Error };

const INSUFFICIENT_PRIVILEGE = '42501';

function sqlState(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code } = error as { code: unknown };
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/**
 * Asks Postgres what RLS on realtime.messages allows, the way hosted Realtime does: as superuser,
 * inside a transaction that is always rolled back, switching to the JWT's role and claims.
 */
export class PrivateChannelAuthorizer {
  constructor(private readonly pool: pg.Pool) {}

  /** Read: insert probe rows as admin, then SELECT them as the user. */
  async read(context: AuthorizationContext, extensions: Extension[], policies: Policies): Promise<AuthorizationResult> {
    return this.inRolledBackTransaction(async (client) => {
      const probes = extensions.map((extension) => ({ extension, id: randomUUID() }));
      await client.query(
        `insert into realtime.messages (id, topic, extension)
         select unnest($1::uuid[]), $2, unnest($3::text[])`,
        [probes.map((probe) => probe.id), context.topic, probes.map((probe) => probe.extension)],
      );
      await setUserContext(client, context);
      const visible = await client.query<{ id: string }>(
        'select id from realtime.messages where id = any($1::uuid[])',
        [probes.map((probe) => probe.id)],
      );
      const seen = new Set(visible.rows.map((row) => row.id));
      const next = { ...policies };
      for (const probe of probes) {
        const allowed = seen.has(probe.id);
        if (probe.extension === 'broadcast') next.broadcastRead = allowed;
        else next.presenceRead = allowed;
      }
      return next;
    });
  }

  /** Write: INSERT as the user inside a savepoint; 42501 (RLS violation) means denied. */
  async write(
    context: AuthorizationContext,
    extensions: Extension[],
    policies: Policies,
  ): Promise<AuthorizationResult> {
    return this.inRolledBackTransaction(async (client) => {
      await setUserContext(client, context);
      const next = { ...policies };
      for (const extension of ['broadcast', 'presence'] as const) {
        let allowed = false;
        if (extensions.includes(extension)) {
          await client.query('savepoint realtime_write_check');
          try {
            await client.query('insert into realtime.messages (topic, extension) values ($1, $2)', [
              context.topic,
              extension,
            ]);
            allowed = true;
          } catch (error) {
            if (sqlState(error) !== INSUFFICIENT_PRIVILEGE) throw error;
          }
          await client.query('rollback to savepoint realtime_write_check');
        }
        if (extension === 'broadcast') next.broadcastWrite = allowed;
        else next.presenceWrite = allowed;
      }
      return next;
    });
  }

  private async inRolledBackTransaction(
    work: (client: pg.PoolClient) => Promise<Policies>,
  ): Promise<AuthorizationResult> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      return { ok: false, kind: 'unavailable', error: error as Error };
    }
    let broken = false;
    try {
      await client.query('begin');
      const policies = await work(client);
      await client.query('rollback');
      return { ok: true, policies };
    } catch (error) {
      const state = sqlState(error);
      // A lost connection has no SQLSTATE (or class 08/57P): drop the client rather than reuse it.
      broken = state === undefined || state.startsWith('08') || state.startsWith('57P');
      if (!broken) await client.query('rollback').catch(() => (broken = true));
      return { ok: false, kind: broken ? 'unavailable' : 'policy_error', error: error as Error };
    } finally {
      client.release(broken);
    }
  }
}

async function setUserContext(client: pg.PoolClient, context: AuthorizationContext): Promise<void> {
  const { claims } = context;
  await client.query(
    `select set_config('role', $1, true),
            set_config('realtime.topic', $2, true),
            set_config('request.jwt.claims', $3, true),
            set_config('request.jwt.claim.sub', $4, true),
            set_config('request.jwt.claim.role', $1, true),
            set_config('request.headers', $5, true)`,
    [claims.role, context.topic, JSON.stringify(claims), claims.sub ?? null, JSON.stringify(context.headers)],
  );
}

import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPostgres, serviceClient } from '../support/clients.ts';
import { stackInfo } from '../support/stack-info.ts';
import { demoMember, type DemoMember } from './roles.ts';

// The audit of mutating requests (migration 20261122021110_request_audit.sql).

interface AuditRow {
  tenant_id: string;
  user_id: string | null;
  url: string;
  referer: string | null;
  format: string;
  controller: string;
  action: string;
  params: { table?: string; row_count?: number; rows?: Array<Record<string, unknown>> } & Record<string, unknown>;
  status: number;
  method: string;
}

let admin: DemoMember;
let adminId: string;
let accessToken: string;

/** Audit rows whose params contain the given JSON (tests run beside others that write too). */
async function auditRows(contains: Record<string, unknown>): Promise<AuditRow[]> {
  const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<AuditRow>(
      'select * from public.user_http_requests where params @> $1 order by id',
      [JSON.stringify(contains)],
    );
    return rows;
  } finally {
    await db.end();
  }
}

/** A REST call as the admin with a Referer header, as a browser on the Audit screen's app would send. */
function rest(path: string, init: { method: string; body?: unknown; prefer?: string }): Promise<Response> {
  return fetch(`${stackInfo().apiUrl}/rest/v1/${path}`, {
    method: init.method,
    headers: {
      apikey: stackInfo().anonKey,
      authorization: `Bearer ${accessToken}`,
      'content-type': 'application/json',
      referer: 'http://localhost:5173/hjem-is/admin/stop_types',
      prefer: init.prefer ?? 'return=representation',
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

beforeAll(async () => {
  admin = await demoMember('hjem-is', 'admin');
  const { data } = await admin.client.auth.getSession();
  accessToken = data.session!.access_token;
  adminId = data.session!.user.id;
});

afterAll(async () => {
  await admin?.client.auth.signOut({ scope: 'local' });
});

describe('the audit of mutating requests', () => {
  it('records a REST insert, update and delete with who, where from, what and how', async () => {
    // A table the app writes in all three ways over REST (B2B customers: create, edit, delete); stop types, used
    // here before, are no longer deletable by clients (grants follow the app's write paths, issue 24).
    const name = `Audit ${randomUUID().slice(0, 8)}`;
    const created = await rest('b2b_customers', {
      method: 'POST',
      body: { tenant_id: admin.tenantId, customer_name: name, customer_number: `AUD-${randomUUID().slice(0, 8)}` },
    });
    expect(created.status).toBe(201);
    const [row] = (await created.json()) as Array<{ id: number }>;
    expect(
      (await rest(`b2b_customers?id=eq.${row.id}`, { method: 'PATCH', body: { notes_about_customer: 'Second' } }))
        .status,
    ).toBe(200);
    expect((await rest(`b2b_customers?id=eq.${row.id}`, { method: 'DELETE', prefer: 'return=minimal' })).status).toBe(
      204,
    );

    const audit = await auditRows({ rows: [{ customer_name: name }] });
    expect(audit.map((a) => [a.action, a.method, a.status])).toEqual([
      ['insert', 'POST', 201],
      ['update', 'PATCH', 200],
      // As PostgREST answered: the delete asked for no rows back, so 204 No Content.
      ['delete', 'DELETE', 204],
    ]);
    for (const a of audit) {
      expect(a).toMatchObject({
        tenant_id: admin.tenantId,
        user_id: adminId,
        url: '/rest/v1/b2b_customers',
        referer: 'http://localhost:5173/hjem-is/admin/stop_types',
        format: 'json',
        controller: 'b2b_customers',
      });
      expect(a.params).toMatchObject({
        table: 'b2b_customers',
        row_count: 1,
        rows: [{ id: row.id, customer_name: name }],
      });
    }
    expect(audit[1].params.rows![0].notes_about_customer).toBe('Second');
    expect(audit[2].params.rows![0].notes_about_customer).toBe('Second'); // a delete records the row as it was
  });

  it("records an RPC that writes under the RPC's name", async () => {
    const { data: order } = await admin.client
      .from('b2b_orders')
      .select('id, exported_at')
      .eq('tenant_id', admin.tenantId)
      .limit(1)
      .single();
    const { error } = await admin.client.rpc('export_b2b_orders_csv', { p_order_ids: [order!.id] });
    expect(error).toBeNull();
    await serviceClient().from('b2b_orders').update({ exported_at: order!.exported_at }).eq('id', order!.id);

    const audit = (await auditRows({ table: 'b2b_orders', rows: [{ id: order!.id }] })).filter(
      (a) => a.controller === 'export_b2b_orders_csv',
    );
    expect(audit.at(-1)).toMatchObject({
      tenant_id: admin.tenantId,
      user_id: adminId,
      url: '/rest/v1/rpc/export_b2b_orders_csv',
      controller: 'export_b2b_orders_csv',
      action: 'update',
      method: 'POST',
      status: 200,
    });
  });

  it('records nothing for a request that fails, nor for the service role without a user', async () => {
    const { data: car } = await admin.client
      .from('cars')
      .select('id, plate_number')
      .eq('tenant_id', admin.tenantId)
      .limit(1)
      .single();
    const refused = await rest(`cars?id=eq.${car!.id}`, {
      method: 'PATCH',
      body: { plate_number: `ZZ ${randomUUID().slice(0, 5)}`, axapta_code: 'failed-request' },
    });
    expect(refused.status).toBe(400);
    expect(await auditRows({ rows: [{ axapta_code: 'failed-request' }] })).toEqual([]);

    const name = `Service ${randomUUID().slice(0, 8)}`;
    const { data } = await serviceClient()
      .from('stop_types')
      .insert({ tenant_id: admin.tenantId, stop_type: name })
      .select()
      .single();
    await serviceClient().from('stop_types').delete().eq('id', data!.id);
    expect(await auditRows({ rows: [{ stop_type: name }] })).toEqual([]);
  });

  it('lets edge functions record a call, with secrets redacted at any depth', async () => {
    const marker = randomUUID();
    const { data: id, error } = await serviceClient().rpc('audit_function_call', {
      p_tenant_id: admin.tenantId,
      p_url: '/functions/v1/admin-users',
      p_controller: 'users',
      p_action: 'create',
      p_params: {
        marker,
        user: { email: 'new@hjem-is.test', password: 'p4ss', password_confirmation: 'p4ss', encrypted_password: 'x' },
        tokens: [{ refresh_token: 'r', secret: 's', api_key: 'k', kept: 1 }],
      },
      p_status: 201,
      p_method: 'post',
      p_referer: 'http://localhost:5173/hjem-is/admin/depo/1/users/new',
      p_user_id: adminId,
    });
    expect(error).toBeNull();
    expect(Number(id)).toBeGreaterThan(0);
    const [row] = await auditRows({ marker });
    expect(row).toMatchObject({ controller: 'users', action: 'create', status: 201, method: 'POST', user_id: adminId });
    expect(row.params).toEqual({
      marker,
      user: {
        email: 'new@hjem-is.test',
        password: '[FILTERED]',
        password_confirmation: '[FILTERED]',
        encrypted_password: '[FILTERED]',
      },
      tokens: '[FILTERED]',
    });
    const nested = await asPostgres((db) =>
      db.query<{ redacted: unknown }>(
        `select app_private.redact_secrets('{"list":[{"access_token":"t","SECRET":"s","stripe_key":"k","keys":1}]}') as redacted`,
      ),
    );
    expect(nested.rows[0].redacted).toEqual({
      list: [{ access_token: '[FILTERED]', SECRET: '[FILTERED]', stripe_key: '[FILTERED]', keys: 1 }],
    });
  });

  it('is not writable by anyone: not by admins, not by the service role, and audit_function_call is not for users', async () => {
    const { data: existing } = await admin.client.from('user_http_requests').select('*').limit(1).single();
    const insert = await admin.client.from('user_http_requests').insert({ ...existing, id: undefined });
    expect(insert.error?.code).toBe('42501');
    const update = await admin.client.from('user_http_requests').update({ status: 500 }).eq('id', existing!.id);
    expect(update.error?.code).toBe('42501');
    const remove = await admin.client.from('user_http_requests').delete().eq('id', existing!.id);
    expect(remove.error?.code).toBe('42501');

    const serviceUpdate = await serviceClient()
      .from('user_http_requests')
      .update({ status: 500 })
      .eq('id', existing!.id);
    expect(serviceUpdate.error?.code).toBe('42501');
    const serviceDelete = await serviceClient().from('user_http_requests').delete().eq('id', existing!.id);
    expect(serviceDelete.error?.code).toBe('42501');
    const serviceInsert = await serviceClient()
      .from('user_http_requests')
      .insert({ ...existing, id: undefined });
    expect(serviceInsert.error?.code).toBe('42501');

    const forged = await admin.client.rpc('audit_function_call', {
      p_tenant_id: admin.tenantId,
      p_url: '/x',
      p_controller: 'x',
      p_action: 'x',
      p_params: {},
      p_status: 200,
      p_method: 'POST',
    });
    expect(forged.error?.code).toBe('42501');
  });

  it('is attached to every table staff can write, except the documented exceptions', async () => {
    const { rows } = await asPostgres((db) =>
      db.query<{ name: string; triggers: string[] | null }>(`
        select c.relname as name,
               array(select t.tgname::text from pg_trigger t where t.tgrelid = c.oid and t.tgname like 'audit_request_%' order by 1) as triggers
        from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
        where c.relkind = 'r'
          and (has_table_privilege('authenticated', c.oid, 'INSERT') or has_table_privilege('authenticated', c.oid, 'UPDATE')
               or has_table_privilege('authenticated', c.oid, 'DELETE')
               or has_any_column_privilege('authenticated', c.oid, 'INSERT') or has_any_column_privilege('authenticated', c.oid, 'UPDATE'))`),
    );
    // car_positions: GPS noise; staff_profiles: a user's own name, not tenant data.
    const exceptions = ['car_positions', 'staff_profiles'];
    const missing = rows
      .filter((r) => !exceptions.includes(r.name))
      .filter(
        (r) =>
          JSON.stringify(r.triggers) !==
          JSON.stringify(['audit_request_delete', 'audit_request_insert', 'audit_request_update']),
      )
      .map((r) => r.name);
    expect(missing).toEqual([]);
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['tenants', 'b2b_customers', 'cars', 'customers']));
  });
});

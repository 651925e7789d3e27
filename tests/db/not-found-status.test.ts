import { beforeAll, describe, expect, it } from 'vitest';
import { asPostgres } from '../support/clients.ts';
import { stackInfo } from '../support/stack-info.ts';
import { demoMember, type DemoMember } from './roles.ts';

// Regression examples found by the hostile-input fuzzing (tests/serial/hostile-input.test.ts): a function that
// refuses another tenant's id with "Not found" raised SQLSTATE P0002, which PostgREST answers with HTTP 500, so a
// caller (and the app's error view) saw a server failure. They now raise PT404: 404, same message.

let admin: DemoMember;
let support: DemoMember;
let foreign: { planEventId: number; routeId: number };

async function rpcAs(
  member: DemoMember,
  name: string,
  args: Record<string, unknown>,
): Promise<{ status: number; body: unknown }> {
  const {
    data: { session },
  } = await member.client.auth.getSession();
  const response = await fetch(`${stackInfo().apiUrl}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: stackInfo().anonKey,
      authorization: `Bearer ${session!.access_token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(args),
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  [admin, support] = await Promise.all([demoMember('hjem-is', 'admin'), demoMember('hjem-is', 'support')]);
  foreign = await asPostgres(async (db) => {
    const {
      rows: [row],
    } = await db.query<{ plan_event_id: string; route_id: string }>(
      `select pe.id as plan_event_id, r.id as route_id
         from public.plan_events pe join public.tenants t on t.id = pe.tenant_id
         join public.routes r on r.tenant_id = t.id
        where t.slug = 'den-norske-isbilen' order by pe.id, r.id limit 1`,
    );
    return { planEventId: Number(row!.plan_event_id), routeId: Number(row!.route_id) };
  });
});

describe("another tenant's id", () => {
  it('answers 404 "Not found", not 500, from a writing RPC (delete_plan_event_series as an admin)', async () => {
    expect(await rpcAs(admin, 'delete_plan_event_series', { p_plan_event_id: foreign.planEventId })).toEqual({
      status: 404,
      body: expect.objectContaining({ code: 'PT404', message: 'Not found' }),
    });
  });

  it('answers 404 "Not found", not 500, from a reading RPC (route_customers as support)', async () => {
    expect(await rpcAs(support, 'route_customers', { route_id: foreign.routeId })).toEqual({
      status: 404,
      body: expect.objectContaining({ code: 'PT404', message: 'Not found' }),
    });
  });
});

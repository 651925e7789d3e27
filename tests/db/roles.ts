import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { client } from '../support/clients.ts';
import { stackInfo } from '../support/stack-info.ts';

export type AppRole = 'admin' | 'depo_admin' | 'support' | 'driver';
export const ROLES: AppRole[] = ['admin', 'depo_admin', 'support', 'driver'];

const LOGIN_PREFIX: Record<AppRole, string> = {
  admin: 'admin',
  depo_admin: 'depo-admin',
  support: 'support',
  driver: 'driver',
};

export interface DemoMember {
  role: AppRole;
  tenantId: string;
  depoIds: number[];
  client: SupabaseClient;
}

/** Signs in as a demo login of a tenant and reads which depos the membership grants. */
export async function demoMember(tenant: string, role: AppRole): Promise<DemoMember> {
  const email = `${LOGIN_PREFIX[role]}@${tenant}.test`;
  const userClient = client();
  const { error } = await userClient.auth.signInWithPassword({ email, password: stackInfo().demoPassword });
  if (error) throw new Error(`sign-in as ${email}: ${error.message}`);
  const db = new pg.Client({ connectionString: stackInfo().adminDbUrl });
  await db.connect();
  try {
    const tenantRow = await db.query<{ id: string }>('select id from public.tenants where slug = $1', [tenant]);
    const tenantId = tenantRow.rows[0].id;
    const depos = await db.query<{ id: string }>(
      role === 'admin'
        ? 'select id from public.depos where tenant_id = $1 order by id'
        : `select md.depo_id as id from public.membership_depos md join auth.users u on u.id = md.user_id
           where md.tenant_id = $1 and u.email = $2 order by 1`,
      role === 'admin' ? [tenantId] : [tenantId, email],
    );
    return { role, tenantId, depoIds: depos.rows.map((r) => Number(r.id)), client: userClient };
  } finally {
    await db.end();
  }
}

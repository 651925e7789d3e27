// Who is calling, and may they act in the tenant they name? Identity comes from Supabase Auth (the caller's own
// JWT), the role from their active membership in that tenant (read with the service role), never from the body.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { failure, forbidden, notSignedIn } from './http.ts';
import { callerClient, serviceClient } from './supabase-clients.ts';

export type AppRole = 'admin' | 'depo_admin' | 'support' | 'driver';
export const APP_ROLES: readonly AppRole[] = ['admin', 'depo_admin', 'support', 'driver'];

/** The tenant row fields the functions use (feature flags are data on the tenant, see DESIGN §4). */
export interface Tenant {
  id: string;
  slug: string;
  country_code: string | null;
  locale: string;
  time_zone: string;
  date_format: string;
  address_provider: 'local' | 'mapbox' | '1881';
  has_lakrids: boolean;
  has_wallmob: boolean;
}

export interface Caller {
  userId: string;
  email: string | null;
  role: AppRole;
  /** The depos of the membership: several for depo_admin, one for support and driver, none for admin (all). */
  depoIds: number[];
  tenant: Tenant;
  /** Acts as the caller: row-level security applies. */
  client: SupabaseClient;
  /** Acts as the service role: only after the checks above. */
  service: SupabaseClient;
  /** The request as it was called, for the audit log. */
  request: { url: string; method: string; referer: string | null };
}

const TENANT_COLUMNS =
  'id, slug, country_code, locale, time_zone, date_format, address_provider, has_lakrids, has_wallmob';

interface MembershipRow {
  role: AppRole;
  tenant: Tenant;
  membership_depos: { depo_id: number }[];
}

/**
 * The caller, when they are signed in and an active member of `?tenant=<slug>` with one of `roles`;
 * otherwise the answer to send (401 not signed in, 400 no tenant, 403 not a member or not allowed).
 */
export async function authorizeCaller(req: Request, roles: readonly AppRole[]): Promise<Caller | Response> {
  const authorization = req.headers.get('Authorization') ?? '';
  const token = authorization.match(/^Bearer (.+)$/)?.[1];
  if (!token) return notSignedIn();

  const client = callerClient(authorization);
  // An API key (anon or service_role) is a valid JWT but names no user: Auth refuses it, and so do we.
  const { data: auth, error: authError } = await client.auth.getUser(token);
  if (authError || !auth.user) return notSignedIn();

  const url = new URL(req.url);
  const slug = url.searchParams.get('tenant')?.trim();
  if (!slug) return failure(400, 'The tenant is missing: add ?tenant=<slug>');

  const service = serviceClient();
  // One round trip: the membership with its tenant and depos. An unknown tenant and a foreign one look alike (403).
  const { data, error } = await service
    .from('tenant_memberships')
    .select(`role, tenant:tenants!inner(${TENANT_COLUMNS}), membership_depos(depo_id)`)
    .eq('user_id', auth.user.id)
    .eq('status', 'active')
    .eq('tenant.slug', slug)
    .maybeSingle<MembershipRow>();
  if (error) throw new Error(`membership lookup failed: ${error.message}`);
  if (!data) return forbidden('You are not a member of this tenant.');
  if (!roles.includes(data.role)) return forbidden();

  return {
    userId: auth.user.id,
    email: auth.user.email ?? null,
    role: data.role,
    depoIds: data.membership_depos.map((d) => Number(d.depo_id)).sort((a, b) => a - b),
    tenant: data.tenant,
    client,
    service,
    request: {
      // What the browser called: the gateway's path, not the worker's.
      url: `/functions/v1${url.pathname}${url.search}`,
      method: req.method,
      referer: req.headers.get('Referer'),
    },
  };
}

// Staff users of a tenant (admin-core §2 Users, §3 User). Who may do what is decided by the database, never here:
// membership writes go through the caller's own client (row-level security), and a change of the user's global
// identity (e-mail, password, name) only after public.can_change_user_identity says the caller manages every
// membership the user has, in every tenant. The service role is used for Auth and for reads after the caller's
// membership was checked.
//   GET   ?tenant=<slug>[&depo_id=<id>][&statuses[]=active]  → [user]        the Users list
//   GET   ?tenant=<slug>&id=<uuid>                            → user          the edit form
//   POST  ?tenant=<slug>   { user: {...} }                    → 201 user      Auth user + profile + membership
//   PATCH ?tenant=<slug>&id=<uuid>   { user: {...} }          → user
// Without a password, creating a user sets a random one and answers `generated_password_url`: a one-time
// recovery link to the tenant's edit-password page, for the admin to hand over.
import { z } from 'npm:zod@4.6.7';
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';
import { auditFunctionCall } from '../_shared/audit.ts';
import { parseJsonBody, parseValue, queryObject } from '../_shared/body.ts';
import { authorizeCaller, type Caller } from '../_shared/caller.ts';
import { json, preflight } from '../_shared/cors.ts';
import { failure, forbidden, validationFailed } from '../_shared/http.ts';
import { emailTaken, listMembers, loadMember, loadTenantDepoIds, toUserJson } from './staff-directory.ts';
import { type StaffMember, STATUSES, UserBody, type UserFields, type ValidUser, validateUser } from './user-form.ts';

const NOT_YOUR_DEPOS = 'You can only manage users of your own depos.';
const NO_ADMINS = 'Only an admin can manage admins.';
const IDENTITY_LOCKED =
  'This user also works where you have no authority (another tenant, or depos or a role outside yours), so you cannot change ' +
  'their e-mail, password or name. You can still change their role, depos and status in this tenant.';

const ListQuery = z.object({
  id: z.guid({ error: 'is invalid' }).optional(),
  depo_id: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: 'is invalid' }).int().positive({ error: 'is invalid' }).optional(),
  ),
  statuses: z.preprocess(
    (v) => (typeof v === 'string' ? [v] : v),
    z.array(z.enum(STATUSES, { error: 'is not included in the list' })).default([]),
  ),
});
const UserId = z.object({ id: z.guid({ error: 'is invalid' }) });

function randomPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

/** Where staff open the app: APP_URL if set, else the calling page's origin, else the API's (which serves the app locally). */
function appOrigin(req: Request): string {
  const configured = Deno.env.get('APP_URL');
  if (configured) return new URL(configured).origin;
  const origin = req.headers.get('Origin');
  if (origin && /^https?:\/\//.test(origin)) return origin;
  return new URL(Deno.env.get('SUPABASE_URL') ?? 'http://127.0.0.1:54321').origin;
}

/** Rails-style errors for what Auth refuses; anything else is not the form's fault. */
function authFieldError(error: { code?: string; message: string }): Response | null {
  if (error.code === 'email_exists' || /already been registered/i.test(error.message)) {
    return validationFailed({ email: ['has already been taken'] });
  }
  if (error.code === 'weak_password') return validationFailed({ password: ['is too weak'] });
  if (error.code === 'email_address_invalid' || error.code === 'validation_failed')
    return validationFailed({ email: ['is invalid'] });
  return null;
}

/** The membership and its depos, written as the caller: row-level security decides who may (one source of truth). */
async function saveMembership(caller: Caller, userId: string, member: StaffMember) {
  return await caller.client.rpc('save_tenant_membership', {
    p_tenant_id: caller.tenant.id,
    p_user_id: userId,
    p_role: member.role,
    p_status: member.status,
    p_depo_ids: member.depo_ids,
    p_franchise_driver: member.franchise_driver,
    p_axapta_code: member.axapta_code,
    p_wallmob_id: member.wallmob_id,
    p_wallmob_name: member.wallmob_name,
    p_lakrids_driver_id: member.lakrids_driver_id,
    p_lakrids_driver_name: member.lakrids_driver_name,
  });
}

/**
 * What the database answered to a membership write, as the form shows it: a refusal (42501, decided by row-level
 * security) is a 403 whose wording names the likely reason; the role/depo rule (23514) is a field error.
 */
function membershipFailure(error: { code?: string; message: string }, roles: (string | undefined)[]): Response | null {
  if (error.code === '42501') return forbidden(roles.includes('admin') ? NO_ADMINS : NOT_YOUR_DEPOS);
  if (error.code === '23514') return validationFailed({ depo_ids: ['is invalid'] });
  return null;
}

/** Asks the database (as the caller) whether they may change this user's global identity. */
async function mayChangeIdentity(caller: Caller, userId: string): Promise<boolean> {
  const { data, error } = await caller.client.rpc('can_change_user_identity', { target: userId });
  if (error) throw new Error(`can_change_user_identity failed: ${error.message}`);
  return data === true;
}

/** The shared profile follows Auth, and an identity change is audited in every tenant of the user. */
async function recordIdentity(caller: Caller, userId: string, member: StaffMember, changed: string[]) {
  return await caller.client.rpc('record_user_identity_change', {
    p_user_id: userId,
    p_first_name: member.first_name,
    p_last_name: member.last_name,
    p_changed: changed,
    p_url: caller.request.url,
    p_method: caller.request.method,
    p_referer: caller.request.referer,
  });
}

async function listUsers(caller: Caller, url: URL): Promise<Response> {
  const parsed = parseValue(queryObject(url), ListQuery);
  if (!parsed.ok) return parsed.response;
  const { id, depo_id: depoId, statuses } = parsed.data;
  if (id) {
    const member = await loadMember(caller.service, caller.tenant.id, id);
    if (!member) return failure(404, 'User not found');
    // The form shows e-mail, password and name read-only where the database would refuse to change them.
    return json({ ...toUserJson(id, member), identity_editable: await mayChangeIdentity(caller, id) });
  }
  if (depoId !== undefined && caller.role !== 'admin' && !caller.depoIds.includes(depoId))
    return forbidden(NOT_YOUR_DEPOS);
  return json(await listMembers(caller.service, caller.tenant.id, { statuses, depoId: depoId ?? null }));
}

/** The form's checks plus the one that needs the database: is the e-mail someone else's? */
async function checkForm(
  caller: Caller,
  input: { data: UserFields },
  current: StaffMember | null,
  userId: string | null,
): Promise<ValidUser | Response> {
  const tenantDepoIds = await loadTenantDepoIds(caller.service, caller.tenant.id);
  const checked = validateUser(input.data, { tenant: caller.tenant, tenantDepoIds, current });
  const errors = checked.ok ? {} : checked.errors;
  const email = checked.ok
    ? checked.value.member.email
    : String(input.data.email ?? '')
        .trim()
        .toLowerCase();
  if (!errors.email && email !== '' && email !== current?.email && (await emailTaken(caller.service, email, userId))) {
    errors.email = ['has already been taken'];
  }
  if (!checked.ok || Object.keys(errors).length) return validationFailed(errors);
  return checked.value;
}

/** Takes back an Auth user whose membership could not be completed (profile and membership cascade with it). */
async function removeAuthUser(service: SupabaseClient, userId: string): Promise<void> {
  const { error } = await service.auth.admin.deleteUser(userId);
  if (error) console.error(`could not roll back auth user ${userId}: ${error.message}`);
}

async function createUser(caller: Caller, req: Request, raw: unknown): Promise<Response> {
  const input = parseValue(raw, UserBody);
  if (!input.ok) return input.response;
  const form = await checkForm(caller, input, null, null);
  if (form instanceof Response) return form;
  const { member } = form;
  const service = caller.service;

  const created = await service.auth.admin.createUser({
    email: member.email,
    password: form.password ?? randomPassword(),
    email_confirm: true,
    user_metadata: { first_name: member.first_name, last_name: member.last_name },
  });
  if (created.error) {
    const fieldError = authFieldError(created.error);
    if (fieldError) return fieldError;
    throw created.error;
  }
  const userId = created.data.user.id;

  // The membership as the caller (row-level security decides), then the profile; if either fails, the Auth user goes.
  const saved = await saveMembership(caller, userId, member);
  if (saved.error) {
    await removeAuthUser(service, userId);
    const refused = membershipFailure(saved.error, [member.role]);
    if (refused) return refused;
    throw new Error(`save_tenant_membership failed: ${saved.error.message}`);
  }
  const profile = await recordIdentity(caller, userId, member, []);
  if (profile.error) {
    await removeAuthUser(service, userId);
    throw new Error(`record_user_identity_change failed: ${profile.error.message}`);
  }

  let generatedPasswordUrl: string | null = null;
  if (!form.password) {
    const link = await service.auth.admin.generateLink({
      type: 'recovery',
      email: member.email,
      options: { redirectTo: `${appOrigin(req)}/${caller.tenant.slug}/users/password/edit` },
    });
    if (link.error) {
      await removeAuthUser(service, userId);
      throw new Error(`generateLink failed: ${link.error.message}`);
    }
    generatedPasswordUrl = link.data.properties.action_link;
  }

  await auditFunctionCall(caller, {
    controller: 'admin-users',
    action: 'create',
    params: { user: { id: userId, ...member } },
    status: 201,
  });
  return json({ ...toUserJson(userId, member), generated_password_url: generatedPasswordUrl }, 201);
}

/** Which parts of the global identity the form asks to change (the names are shared by every tenant too). */
function identityChanges(current: StaffMember, input: UserFields): string[] {
  const differs = (sent: string | undefined, stored: string, normalise: (v: string) => string) =>
    sent !== undefined && normalise(sent) !== normalise(stored);
  const changed: string[] = [];
  if (differs(input.email, current.email, (v) => v.trim().toLowerCase())) changed.push('email');
  if (input.password) changed.push('password');
  if (
    differs(input.first_name, current.first_name, (v) => v.trim()) ||
    differs(input.last_name, current.last_name, (v) => v.trim())
  )
    changed.push('name');
  return changed;
}

async function updateUser(caller: Caller, url: URL, raw: unknown): Promise<Response> {
  const id = parseValue(queryObject(url), UserId);
  if (!id.ok) return id.response;
  const userId = id.data.id;
  const service = caller.service;
  // Only members of this tenant: an id from elsewhere is not found here.
  const current = await loadMember(service, caller.tenant.id, userId);
  if (!current) return failure(404, 'User not found');

  const input = parseValue(raw, UserBody);
  if (!input.ok) return input.response;
  // Refused before the fields are checked: their wording is not for this caller to fix.
  const changed = identityChanges(current, input.data);
  if (changed.length > 0 && !(await mayChangeIdentity(caller, userId))) return forbidden(IDENTITY_LOCKED);
  const form = await checkForm(caller, input, current, userId);
  if (form instanceof Response) return form;
  const { member } = form;

  const saved = await saveMembership(caller, userId, member);
  if (saved.error) {
    const refused = membershipFailure(saved.error, [member.role, current.role]);
    if (refused) return refused;
    throw new Error(`save_tenant_membership failed: ${saved.error.message}`);
  }

  if (changed.length > 0) {
    const updated = await service.auth.admin.updateUserById(userId, {
      ...(changed.includes('email') ? { email: member.email, email_confirm: true } : {}),
      ...(form.password ? { password: form.password } : {}),
      user_metadata: { first_name: member.first_name, last_name: member.last_name },
    });
    if (updated.error) {
      const fieldError = authFieldError(updated.error);
      if (fieldError) return fieldError;
      throw updated.error;
    }
    const recorded = await recordIdentity(caller, userId, member, changed);
    if (recorded.error) throw new Error(`record_user_identity_change failed: ${recorded.error.message}`);
  }

  await auditFunctionCall(caller, {
    controller: 'admin-users',
    action: 'update',
    params: { user: { id: userId, ...member } },
    status: 200,
  });
  return json({
    ...toUserJson(userId, member),
    identity_editable: changed.length > 0 || (await mayChangeIdentity(caller, userId)),
  });
}

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  const caller = await authorizeCaller(req, ['admin', 'depo_admin']);
  if (caller instanceof Response) return caller;
  const url = new URL(req.url);

  if (req.method === 'GET') return listUsers(caller, url);
  if (req.method === 'POST' || req.method === 'PATCH' || req.method === 'PUT') {
    const body = await parseJsonBody(req, z.unknown());
    if (!body.ok) return body.response;
    return req.method === 'POST' ? createUser(caller, req, body.data) : updateUser(caller, url, body.data);
  }
  return failure(405, 'Method not allowed');
});

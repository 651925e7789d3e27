// Staff users of a tenant (admin-core §2 Users, §3 User). The service role stays in here; the caller must be an
// admin of the tenant, or a depo admin acting on users of their own depos (never on admins).
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
import { type StaffMember, STATUSES, UserBody, type ValidUser, validateUser } from './user-form.ts';

const NOT_YOUR_DEPOS = 'You can only manage users of your own depos.';
const NO_ADMINS = 'Only an admin can manage admins.';

const ListQuery = z.object({
  id: z.guid({ error: 'is invalid' }).optional(),
  depo_id: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number({ error: 'is invalid' }).int().positive({ error: 'is invalid' }).optional()),
  statuses: z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(z.enum(STATUSES, { error: 'is not included in the list' })).default([])),
});
const UserId = z.object({ id: z.guid({ error: 'is invalid' }) });

/** A depo admin manages non-admin users whose every depo is one of theirs; an admin manages everyone. */
function manages(caller: Caller, member: Pick<StaffMember, 'role' | 'depo_ids'>): boolean {
  if (caller.role === 'admin') return true;
  return member.role !== 'admin' && member.depo_ids.length > 0 && member.depo_ids.every((id) => caller.depoIds.includes(id));
}

function randomPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_');
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
  if (error.code === 'email_address_invalid' || error.code === 'validation_failed') return validationFailed({ email: ['is invalid'] });
  return null;
}

async function saveMember(service: SupabaseClient, tenantId: string, userId: string, member: StaffMember) {
  return await service.rpc('save_staff_member', {
    p_tenant_id: tenantId,
    p_user_id: userId,
    p_email: member.email,
    p_first_name: member.first_name,
    p_last_name: member.last_name,
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

/** The membership rule the database checks at commit (role and depo count) as a field error. */
function membershipRuleError(error: { code?: string; message: string }): Response | null {
  return error.code === '23514' ? validationFailed({ depo_ids: ['is invalid'] }) : null;
}

async function listUsers(caller: Caller, url: URL): Promise<Response> {
  const parsed = parseValue(queryObject(url), ListQuery);
  if (!parsed.ok) return parsed.response;
  const { id, depo_id: depoId, statuses } = parsed.data;
  if (id) {
    const member = await loadMember(caller.service, caller.tenant.id, id);
    return member ? json(toUserJson(id, member)) : failure(404, 'User not found');
  }
  if (depoId !== undefined && caller.role !== 'admin' && !caller.depoIds.includes(depoId)) return forbidden(NOT_YOUR_DEPOS);
  return json(await listMembers(caller.service, caller.tenant.id, { statuses, depoId: depoId ?? null }));
}

/** The form's checks plus the one that needs the database: is the e-mail someone else's? */
async function checkForm(caller: Caller, raw: unknown, current: StaffMember | null, userId: string | null): Promise<ValidUser | Response> {
  const input = parseValue(raw, UserBody);
  if (!input.ok) return input.response;
  if (caller.role !== 'admin' && input.data.role === 'admin') return forbidden(NO_ADMINS);
  const tenantDepoIds = await loadTenantDepoIds(caller.service, caller.tenant.id);
  const checked = validateUser(input.data, { tenant: caller.tenant, tenantDepoIds, current });
  const errors = checked.ok ? {} : checked.errors;
  const email = checked.ok ? checked.value.member.email : String(input.data.email ?? '').trim().toLowerCase();
  if (!errors.email && email !== '' && email !== current?.email && (await emailTaken(caller.service, email, userId))) {
    errors.email = ['has already been taken'];
  }
  if (!checked.ok || Object.keys(errors).length) return validationFailed(errors);
  if (!manages(caller, checked.value.member)) return forbidden(NOT_YOUR_DEPOS);
  return checked.value;
}

/** Takes back an Auth user whose membership could not be completed (profile and membership cascade with it). */
async function removeAuthUser(service: SupabaseClient, userId: string): Promise<void> {
  const { error } = await service.auth.admin.deleteUser(userId);
  if (error) console.error(`could not roll back auth user ${userId}: ${error.message}`);
}

async function createUser(caller: Caller, req: Request, raw: unknown): Promise<Response> {
  const form = await checkForm(caller, raw, null, null);
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

  // Profile, membership and depos in one transaction; if that fails, the Auth user goes too.
  const saved = await saveMember(service, caller.tenant.id, userId, member);
  if (saved.error) {
    await removeAuthUser(service, userId);
    const fieldError = membershipRuleError(saved.error);
    if (fieldError) return fieldError;
    throw new Error(`save_staff_member failed: ${saved.error.message}`);
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

  await auditFunctionCall(caller, { controller: 'admin-users', action: 'create', params: { user: { id: userId, ...member } }, status: 201 });
  return json({ ...toUserJson(userId, member), generated_password_url: generatedPasswordUrl }, 201);
}

async function updateUser(caller: Caller, url: URL, raw: unknown): Promise<Response> {
  const id = parseValue(queryObject(url), UserId);
  if (!id.ok) return id.response;
  const userId = id.data.id;
  const service = caller.service;
  const current = await loadMember(service, caller.tenant.id, userId);
  if (!current) return failure(404, 'User not found');
  if (!manages(caller, current)) return forbidden(current.role === 'admin' ? NO_ADMINS : NOT_YOUR_DEPOS);

  const form = await checkForm(caller, raw, current, userId);
  if (form instanceof Response) return form;
  const { member } = form;

  // Auth first (it may still refuse the e-mail); if the membership then fails, the old e-mail is put back.
  const emailChanged = member.email !== current.email;
  const authChanges = {
    ...(emailChanged ? { email: member.email, email_confirm: true } : {}),
    ...(form.password ? { password: form.password } : {}),
    user_metadata: { first_name: member.first_name, last_name: member.last_name },
  };
  const updated = await service.auth.admin.updateUserById(userId, authChanges);
  if (updated.error) {
    const fieldError = authFieldError(updated.error);
    if (fieldError) return fieldError;
    throw updated.error;
  }

  const saved = await saveMember(service, caller.tenant.id, userId, member);
  if (saved.error) {
    if (emailChanged) await service.auth.admin.updateUserById(userId, { email: current.email, email_confirm: true });
    const fieldError = membershipRuleError(saved.error);
    if (fieldError) return fieldError;
    throw new Error(`save_staff_member failed: ${saved.error.message}`);
  }

  await auditFunctionCall(caller, { controller: 'admin-users', action: 'update', params: { user: { id: userId, ...member } }, status: 200 });
  return json(toUserJson(userId, member));
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

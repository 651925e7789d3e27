// The user form (admin-core §3 User) as the function receives it, and its checks in Rails wording. The shape is
// parsed with zod (strings, numbers, booleans as forms send them); the business rules come after, because their
// messages and which fields they apply to depend on the role and the tenant.
import { z } from 'npm:zod@4.6.7';
import { APP_ROLES, type AppRole, type Tenant } from '../_shared/caller.ts';
import { ErrorBag, type FieldErrors } from '../_shared/http.ts';

export const STATUSES = ['active', 'inactive'] as const;
export type Status = (typeof STATUSES)[number];
const NAME_MAX = 80;
const PASSWORD_MIN = 6;
// Supabase Auth hashes with bcrypt, which reads 72 bytes at most.
const PASSWORD_MAX = 72;
// RFC 5321's limit on a forward path; longer input is refused before it reaches Auth or a query.
const EMAIL_MAX = 254;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

const text = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value === null ? undefined : value),
  z.string({ error: 'is invalid' }).optional(),
);
const depoId = z.preprocess(
  (value) => (value === '' ? null : value),
  z.coerce
    .number({ error: 'is invalid' })
    .int({ error: 'is invalid' })
    .positive({ error: 'is invalid' })
    .nullable()
    .optional(),
);
const flag = z.preprocess(
  (value) =>
    value === 'true' || value === '1' || value === 1
      ? true
      : value === 'false' || value === '0' || value === 0 || value === ''
        ? false
        : value,
  z.boolean({ error: 'is invalid' }).optional(),
);

export const UserFields = z.object({
  first_name: text,
  last_name: text,
  email: text,
  role: text,
  password: text,
  password_confirmation: text,
  axapta_code: text,
  depo_id: depoId,
  depo_ids: z.preprocess(
    (value) => (value === null ? [] : value),
    z
      .array(z.coerce.number({ error: 'is invalid' }).int().positive({ error: 'is invalid' }), { error: 'is invalid' })
      .optional(),
  ),
  status: text,
  franchise_driver: flag,
  wallmob_id: text,
  wallmob_name: text,
  lakrids_driver_id: text,
  lakrids_driver_name: text,
});
export type UserFields = z.output<typeof UserFields>;

/** `{ user: {...} }` as the form posts it (a bare object is taken as the user too). */
export const UserBody = z.preprocess(
  (body) => (body && typeof body === 'object' && 'user' in body ? (body as { user: unknown }).user : body),
  UserFields,
);

/** A member as stored: what the form edits. */
export interface StaffMember {
  first_name: string;
  last_name: string;
  email: string;
  role: AppRole;
  status: Status;
  depo_ids: number[];
  franchise_driver: boolean;
  axapta_code: string | null;
  wallmob_id: string | null;
  wallmob_name: string | null;
  lakrids_driver_id: string | null;
  lakrids_driver_name: string | null;
}

export interface ValidUser {
  member: StaffMember;
  /** Set only when the form gave one. */
  password: string | null;
}

const blankToNull = (value: string | undefined | null): string | null =>
  value && value.trim() !== '' ? value.trim() : null;

/**
 * Checks the form against the current member (`current`, for an update: fields the form leaves out keep their
 * value) and the tenant's depos. Depo fields follow the role: none for admin, several for depo_admin, one for
 * support and driver; lakrids fields only where the tenant has lakrids; franchise only for drivers.
 */
export function validateUser(
  input: UserFields,
  context: { tenant: Tenant; tenantDepoIds: number[]; current: StaffMember | null },
): { ok: true; value: ValidUser } | { ok: false; errors: FieldErrors } {
  const bag = new ErrorBag();
  const current = context.current;
  const pick = (field: keyof UserFields & keyof StaffMember): unknown =>
    input[field] !== undefined ? input[field] : current?.[field];

  // A stored name or e-mail is kept as it is: a change of the membership must not fail on identity data that the
  // caller may not be allowed to change (a user who also works elsewhere).
  const kept = (field: 'first_name' | 'last_name' | 'email', value: string) =>
    current !== null && value === (field === 'email' ? current.email.trim().toLowerCase() : current[field].trim());
  const firstName = String(pick('first_name') ?? '').trim();
  const lastName = String(pick('last_name') ?? '').trim();
  for (const [field, value] of [
    ['first_name', firstName],
    ['last_name', lastName],
  ] as const) {
    if (kept(field, value)) continue;
    if (value === '') bag.add(field, "can't be blank");
    else if (value.length > NAME_MAX) bag.add(field, `is too long (maximum is ${NAME_MAX} characters)`);
  }

  const email = String(pick('email') ?? '')
    .trim()
    .toLowerCase();
  if (kept('email', email)) {
    // as stored
  } else if (email === '') bag.add('email', "can't be blank");
  else if (email.length > EMAIL_MAX) bag.add('email', `is too long (maximum is ${EMAIL_MAX} characters)`);
  else if (!EMAIL.test(email)) bag.add('email', 'is invalid');

  const roleText = String(pick('role') ?? '').trim();
  const role = APP_ROLES.find((r) => r === roleText);
  if (roleText === '') bag.add('role', "can't be blank");
  else if (!role) bag.add('role', 'is not included in the list');

  const statusText = String(pick('status') ?? '').trim() || 'active';
  const status = STATUSES.find((s) => s === statusText);
  if (!status) bag.add('status', 'is not included in the list');

  const password = input.password ?? '';
  if (password !== '') {
    if (password.length < PASSWORD_MIN) bag.add('password', `is too short (minimum is ${PASSWORD_MIN} characters)`);
    else if (new TextEncoder().encode(password).length > PASSWORD_MAX)
      bag.add('password', `is too long (maximum is ${PASSWORD_MAX} characters)`);
    if (input.password_confirmation !== undefined && input.password_confirmation !== password) {
      bag.add('password_confirmation', "doesn't match Password");
    }
  }

  // Depos: the form sends depo_id (single select) or depo_ids (multi-select for depo_admin).
  let depoIds: number[] = [];
  const sentIds = input.depo_ids !== undefined || input.depo_id !== undefined;
  const requested = sentIds
    ? [...new Set([...(input.depo_ids ?? []), ...(input.depo_id != null ? [input.depo_id] : [])])]
    : (current?.depo_ids ?? []);
  if (role === 'depo_admin') {
    if (requested.length === 0) bag.add('depo_ids', "can't be blank");
    else if (requested.some((id) => !context.tenantDepoIds.includes(id))) bag.add('depo_ids', 'is invalid');
    depoIds = requested;
  } else if (role === 'support' || role === 'driver') {
    // A single select: the depo_id the form sent wins over a leftover list.
    const single = input.depo_id !== undefined ? input.depo_id : requested.length === 1 ? requested[0] : null;
    if (single == null) bag.add('depo_id', requested.length > 1 ? 'is invalid' : "can't be blank");
    else if (!context.tenantDepoIds.includes(single)) bag.add('depo_id', 'is invalid');
    depoIds = single == null ? [] : [single];
  }

  if (!bag.empty || !role || !status) return { ok: false, errors: bag.errors };

  const lakrids = context.tenant.has_lakrids;
  const keep = (field: 'axapta_code' | 'wallmob_id' | 'wallmob_name' | 'lakrids_driver_id' | 'lakrids_driver_name') =>
    input[field] !== undefined ? blankToNull(input[field]) : (current?.[field] ?? null);
  return {
    ok: true,
    value: {
      password: password === '' ? null : password,
      member: {
        first_name: firstName,
        last_name: lastName,
        email,
        role,
        status,
        depo_ids: depoIds.sort((a, b) => a - b),
        franchise_driver:
          role === 'driver' ? Boolean(input.franchise_driver ?? current?.franchise_driver ?? false) : false,
        axapta_code: keep('axapta_code'),
        wallmob_id: keep('wallmob_id'),
        wallmob_name: keep('wallmob_name'),
        lakrids_driver_id: lakrids ? keep('lakrids_driver_id') : null,
        lakrids_driver_name: lakrids ? keep('lakrids_driver_name') : null,
      },
    },
  };
}

import { z } from 'zod';
import { serverMessage } from '@/shared/errors/server-messages';
import { USER_ROLES, USER_STATUSES, type StaffUser, type UserRole, type UserStatus } from './user-schema';

/** What the user form edits; the single depo as its select holds it ('' for none). */
export interface UserFormValues {
  first_name: string;
  last_name: string;
  email: string;
  role: UserRole;
  password: string;
  password_confirmation: string;
  axapta_code: string;
  depo_id: string;
  depo_ids: number[];
  status: UserStatus;
  franchise_driver: boolean;
  wallmob_id: string;
  wallmob_name: string;
  lakrids_driver_id: string;
  lakrids_driver_name: string;
}

/** How the depo is chosen for a role (admin-core §5): none for admin, several for depo_admin, one otherwise. */
export type DepoSelectKind = 'none' | 'single' | 'multiple';

export function depoSelectKind(role: UserRole): DepoSelectKind {
  if (role === 'admin') return 'none';
  return role === 'depo_admin' ? 'multiple' : 'single';
}

export function emptyUserForm(depoId: number | null): UserFormValues {
  return {
    first_name: '',
    last_name: '',
    email: '',
    role: 'driver',
    password: '',
    password_confirmation: '',
    axapta_code: '',
    depo_id: depoId === null ? '' : String(depoId),
    depo_ids: depoId === null ? [] : [depoId],
    status: 'active',
    franchise_driver: false,
    wallmob_id: '',
    wallmob_name: '',
    lakrids_driver_id: '',
    lakrids_driver_name: '',
  };
}

export function userToForm(user: StaffUser): UserFormValues {
  const depoId = user.depo_id ?? user.depo_ids[0] ?? null;
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    role: user.role,
    password: '',
    password_confirmation: '',
    axapta_code: user.axapta_code ?? '',
    depo_id: depoId === null ? '' : String(depoId),
    depo_ids: user.depo_ids,
    status: user.status,
    franchise_driver: user.franchise_driver,
    wallmob_id: user.wallmob_id ?? '',
    wallmob_name: user.wallmob_name ?? '',
    lakrids_driver_id: user.lakrids_driver_id ?? '',
    lakrids_driver_name: user.lakrids_driver_name ?? '',
  };
}

/** The admin-users function's limits (edge-functions/admin-users/user-form.ts), checked here first with its texts. */
const NAME_MAX = 80;
const EMAIL_MAX = 254;
const PASSWORD_MIN = 6;
const PASSWORD_MAX = 72;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * The user form's check. The name and e-mail are checked only where the viewer may change them: a user who also
 * works elsewhere keeps them as stored (`identityLocked`), as the function does.
 */
export function userFormSchema({ identityLocked }: { identityLocked: boolean }) {
  const base = z.object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    role: z.enum(USER_ROLES),
    password: z.string(),
    password_confirmation: z.string(),
    axapta_code: z.string(),
    depo_id: z.string(),
    depo_ids: z.array(z.number()),
    status: z.enum(USER_STATUSES),
    franchise_driver: z.boolean(),
    wallmob_id: z.string(),
    wallmob_name: z.string(),
    lakrids_driver_id: z.string(),
    lakrids_driver_name: z.string(),
  });
  return base.superRefine((values, context) => {
    const add = (field: keyof UserFormValues, message: string) =>
      context.addIssue({ code: 'custom', path: [field], message });
    if (!identityLocked) {
      for (const field of ['first_name', 'last_name'] as const) {
        const value = values[field].trim();
        if (value === '') add(field, serverMessage('blank'));
        else if (value.length > NAME_MAX) add(field, serverMessage('too_long', { count: NAME_MAX }));
      }
      const email = values.email.trim();
      if (email === '') add('email', serverMessage('blank'));
      else if (email.length > EMAIL_MAX) add('email', serverMessage('too_long', { count: EMAIL_MAX }));
      else if (!EMAIL.test(email)) add('email', serverMessage('invalid'));
    }
    if (values.password !== '') {
      if (values.password.length < PASSWORD_MIN) add('password', serverMessage('too_short', { count: PASSWORD_MIN }));
      else if (new TextEncoder().encode(values.password).length > PASSWORD_MAX)
        add('password', serverMessage('too_long', { count: PASSWORD_MAX }));
      if (values.password_confirmation !== values.password)
        add('password_confirmation', serverMessage('confirmation', { attribute: 'Password' }));
    }
    const kind = depoSelectKind(values.role);
    if (kind === 'single' && values.depo_id === '') add('depo_id', serverMessage('blank'));
    if (kind === 'multiple' && values.depo_ids.length === 0) add('depo_ids', serverMessage('blank'));
  });
}

/**
 * The `user` body the admin-users function takes: the depo fields the role uses, franchise only for
 * drivers, lakrids fields only where the tenant has lakrids, the password only when one was typed.
 */
export function userBodyFromForm(
  values: UserFormValues,
  options: { hasLakrids: boolean; hasWallmob: boolean },
): Record<string, unknown> {
  const kind = depoSelectKind(values.role);
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    role: values.role,
    status: values.status,
    axapta_code: values.axapta_code,
    ...(kind === 'single' ? { depo_id: values.depo_id === '' ? null : Number(values.depo_id), depo_ids: [] } : {}),
    ...(kind === 'multiple' ? { depo_ids: values.depo_ids, depo_id: null } : {}),
    ...(kind === 'none' ? { depo_ids: [], depo_id: null } : {}),
    franchise_driver: values.role === 'driver' && values.franchise_driver,
    ...(options.hasWallmob ? { wallmob_id: values.wallmob_id, wallmob_name: values.wallmob_name } : {}),
    ...(options.hasLakrids
      ? { lakrids_driver_id: values.lakrids_driver_id, lakrids_driver_name: values.lakrids_driver_name }
      : {}),
    ...(values.password !== ''
      ? { password: values.password, password_confirmation: values.password_confirmation }
      : {}),
  };
}

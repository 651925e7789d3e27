import type { StaffUser, UserRole, UserStatus } from './user-schema';

/** What the user form edits. */
export interface UserFormValues {
  first_name: string;
  last_name: string;
  email: string;
  role: UserRole;
  password: string;
  password_confirmation: string;
  axapta_code: string;
  depo_id: number | null;
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
    depo_id: depoId,
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
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    role: user.role,
    password: '',
    password_confirmation: '',
    axapta_code: user.axapta_code ?? '',
    depo_id: user.depo_id ?? user.depo_ids[0] ?? null,
    depo_ids: user.depo_ids,
    status: user.status,
    franchise_driver: user.franchise_driver,
    wallmob_id: user.wallmob_id ?? '',
    wallmob_name: user.wallmob_name ?? '',
    lakrids_driver_id: user.lakrids_driver_id ?? '',
    lakrids_driver_name: user.lakrids_driver_name ?? '',
  };
}

/**
 * The `user` body the admin-users function takes: the depo fields the role uses, franchise only for
 * drivers, lakrids fields only where the tenant has lakrids, the password only when one was typed.
 */
export function userBodyFromForm(values: UserFormValues, options: { hasLakrids: boolean; hasWallmob: boolean }): Record<string, unknown> {
  const kind = depoSelectKind(values.role);
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    role: values.role,
    status: values.status,
    axapta_code: values.axapta_code,
    ...(kind === 'single' ? { depo_id: values.depo_id, depo_ids: [] } : {}),
    ...(kind === 'multiple' ? { depo_ids: values.depo_ids, depo_id: null } : {}),
    ...(kind === 'none' ? { depo_ids: [], depo_id: null } : {}),
    franchise_driver: values.role === 'driver' && values.franchise_driver,
    ...(options.hasWallmob ? { wallmob_id: values.wallmob_id, wallmob_name: values.wallmob_name } : {}),
    ...(options.hasLakrids ? { lakrids_driver_id: values.lakrids_driver_id, lakrids_driver_name: values.lakrids_driver_name } : {}),
    ...(values.password !== '' ? { password: values.password, password_confirmation: values.password_confirmation } : {}),
  };
}

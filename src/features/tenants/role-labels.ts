import type { AppRole } from '@/shared/vocabulary/staff-vocabulary';

export type { AppRole };

export const roleLabels: Readonly<Record<AppRole, string>> = {
  admin: 'Admin',
  depo_admin: 'Depo admin',
  support: 'Support',
  driver: 'Driver',
};

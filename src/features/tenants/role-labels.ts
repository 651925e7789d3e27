import type { Enums } from '@/shared/supabase/database.types';

export type AppRole = Enums<'app_role'>;

export const roleLabels: Readonly<Record<AppRole, string>> = {
  admin: 'Admin',
  depo_admin: 'Depo admin',
  support: 'Support',
  driver: 'Driver',
};

import { z } from 'zod';
import { activeStatuses, appRoles, type ActiveStatus, type AppRole } from '@/shared/vocabulary/staff-vocabulary';

/** Roles and statuses come from the database's enums (the generated types), never retyped here. */
export const USER_ROLES = appRoles;
export type UserRole = AppRole;
export const USER_STATUSES = activeStatuses;
export type UserStatus = ActiveStatus;

/** A staff user as the admin-users function answers (admin-core §3 User). */
export const userSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  status: z.enum(USER_STATUSES),
  depo_ids: z.array(z.number()),
  depo_id: z.number().nullable(),
  franchise_driver: z.boolean(),
  axapta_code: z.string().nullable(),
  wallmob_id: z.string().nullable(),
  wallmob_name: z.string().nullable(),
  lakrids_driver_id: z.string().nullable(),
  lakrids_driver_name: z.string().nullable(),
  /** The edit form only: false when the viewer may not change the e-mail, password or name (the user works elsewhere too). */
  identity_editable: z.boolean().optional(),
});
export type StaffUser = z.infer<typeof userSchema>;

/** The answer to a create: the user plus, when no password was given, a one-time link to set one. */
export const savedUserSchema = userSchema.extend({ generated_password_url: z.string().nullable().optional() });
export type SavedUser = z.infer<typeof savedUserSchema>;

export { effectiveUserStatuses } from './user-list-search';

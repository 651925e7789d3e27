import type { Tables } from '@/shared/supabase/database.types';

/** The tenant's settings the feedback screen formats with; the route hands them over. */
export type FeedbackTenant = Pick<Tables<'tenants'>, 'slug' | 'date_format' | 'time_zone'>;

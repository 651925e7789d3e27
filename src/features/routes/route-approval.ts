import type { Database } from '@/shared/supabase/database.types';

export type RouteApproval = Database['public']['Enums']['route_approval'];

const labels: Record<RouteApproval, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

export const approvalLabel = (approval: RouteApproval) => labels[approval];

/** The spec's flash after Approve. */
export const ROUTE_APPROVED = 'Route successfully approved!';

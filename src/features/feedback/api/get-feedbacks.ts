import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import type { Database } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';
import { pageRange } from '@/shared/ui/pagination/page-rules';

export type FeedbackStatus = Database['public']['Enums']['feedback_status'];

export interface FeedbackFilters {
  status: FeedbackStatus;
  start: string;
  end: string;
  drivers: string[];
  routes: number[];
  page: number;
}

const FEEDBACK_COLUMNS =
  'id, created_at, positive, comment, customer_phone_number, manager_comment, status, handled_by_full_name, handled_by_at, route_id, route_name, driver_id, driver_name, planned_arrival_time, actual_arrival_time, stop_duration_seconds';

/** The end date counts whole: feedback given on it is listed. */
const dayAfter = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** One page (25) of a depo's feedback with a status, given in the range, of the chosen drivers and routes. */
export async function getFeedbacks(depoId: number, filters: FeedbackFilters) {
  const { from, to } = pageRange(filters.page);
  let query = supabase
    .from('feedback_list')
    .select(FEEDBACK_COLUMNS)
    .eq('depo_id', depoId)
    .eq('status', filters.status)
    .gte('created_at', filters.start)
    .lt('created_at', dayAfter(filters.end));
  if (filters.drivers.length > 0) query = query.in('driver_id', filters.drivers);
  if (filters.routes.length > 0) query = query.in('route_id', filters.routes);
  return runQuery(query.order('created_at', { ascending: false }).order('id', { ascending: false }).range(from, to));
}

export type FeedbackRow = Awaited<ReturnType<typeof getFeedbacks>>[number];

export const feedbackKeys = (slug: string, depoId: number) => queryKeys.tenant(slug).depo(depoId).resource('feedbacks');

export const feedbacksQueryOptions = (slug: string, depoId: number, filters: FeedbackFilters) =>
  queryOptions({
    queryKey: feedbackKeys(slug, depoId).list({ ...filters }),
    queryFn: () => getFeedbacks(depoId, filters),
    placeholderData: keepPreviousData,
  });

export const useFeedbacks = (slug: string, depoId: number, filters: FeedbackFilters) =>
  useQuery(feedbacksQueryOptions(slug, depoId, filters));

/** The drivers and routes the depo's feedback names (the filters' choices), each once, however much feedback there is. */
export async function getFeedbackChoices(depoId: number) {
  const rows = await runQuery(supabase.rpc('feedback_filter_choices', { p_depo_id: depoId }));
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return {
    drivers: rows
      .filter((row) => row.kind === 'driver')
      .map(({ id, name }) => ({ id, name }))
      .sort(byName),
    routes: rows
      .filter((row) => row.kind === 'route')
      .map(({ id, name }) => ({ id: Number(id), name }))
      .sort(byName),
  };
}

export const useFeedbackChoices = (slug: string, depoId: number) =>
  useQuery({ queryKey: feedbackKeys(slug, depoId).detail('choices'), queryFn: () => getFeedbackChoices(depoId) });

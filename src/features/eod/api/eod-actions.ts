import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { EodReport } from '../eod-sections';
import { eodKeys } from './eod-list';

/**
 * After a change the lists and the report reload (a report moves between tabs). A refused one reloads nothing:
 * the open rows and dialogs stay as they are for the person to correct.
 */
function useEodMutation<Input, Output>(slug: string, depoId: number, mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: eodKeys(slug, depoId).all }),
  });
}

/** Approve: the database moves the sold stock out of the car's warehouse in the same transaction, or refuses. */
export const useApproveEod = (slug: string, depoId: number) =>
  useEodMutation(slug, depoId, (id: number): Promise<EodReport> =>
    runQuery(supabase.rpc('approve_end_of_day_report', { p_report_id: id })),
  );

export interface UnmappedApproval {
  id: number;
  carId: number | null;
  date: string;
  userId: string;
  routeId: number;
}

export interface UnmappedApproved {
  plan_event_title: string;
}

export const useApproveUnmappedEod = (slug: string, depoId: number) =>
  useEodMutation(slug, depoId, async (input: UnmappedApproval): Promise<UnmappedApproved> => {
    const answer = await runQuery(
      supabase.rpc('approve_unmapped_end_of_day_report', {
        p_report_id: input.id,
        // The database answers 'You must choose car before approving EOD' when none is chosen.
        p_car_id: input.carId as number,
        p_date: input.date,
        p_user_id: input.userId,
        p_route_id: input.routeId,
      }),
    );
    return { plan_event_title: String((answer as { plan_event_title?: unknown }).plan_event_title ?? '') };
  });

export const useDeleteEod = (slug: string, depoId: number) =>
  useEodMutation(slug, depoId, async (id: number): Promise<void> => {
    await runQuery(supabase.from('end_of_day_reports').delete().eq('id', id).select('id').single());
  });

export interface TimesLinked {
  linked: boolean;
  plan_event_title: string | null;
}

/** The unmapped row's open/close times; the database links the report to its driver's trip of that day if any. */
export const useUpdateUnmappedTimes = (slug: string, depoId: number) =>
  useEodMutation(slug, depoId, async (input: { id: number; startAt: string; endAt: string }): Promise<TimesLinked> => {
    const answer = (await runQuery(
      supabase.rpc('update_unmapped_end_of_day_report_times', {
        p_report_id: input.id,
        p_start_at: input.startAt,
        p_end_at: input.endAt,
      }),
    )) as { linked?: unknown; plan_event_title?: unknown };
    return {
      linked: answer.linked === true,
      plan_event_title: typeof answer.plan_event_title === 'string' ? answer.plan_event_title : null,
    };
  });

export const useCreateEod = (slug: string, depoId: number) =>
  useEodMutation(
    slug,
    depoId,
    (input: { planEventId: number | null; cashRegisterId: number | null; requestKey: string }): Promise<EodReport> =>
      runQuery(
        supabase.rpc('create_end_of_day_report', {
          // Both may be missing: the database answers 'You must select plan event and cash register to continue'.
          p_plan_event_id: input.planEventId as number,
          p_cash_register_id: input.cashRegisterId as number,
          p_request_key: input.requestKey,
        }),
      ),
  );

export interface PlanEventOption {
  id: number;
  title: string;
  cash_register_id: number | null;
}

/** 'possible plan events for EOD' of a day. */
export const planEventOptionsQueryOptions = (slug: string, depoId: number, date: string) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).depo(depoId).resource('eod_plan_events').list({ date }),
    queryFn: (): Promise<PlanEventOption[]> =>
      runQuery(supabase.rpc('eod_plan_event_options', { p_depo_id: depoId, p_date: date })),
  });

export const cashRegistersQueryOptions = (slug: string, depoId: number) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).depo(depoId).resource('cash_registers').list(),
    queryFn: (): Promise<Array<{ id: number; name: string }>> =>
      runQuery(supabase.from('cash_registers').select('id, name').eq('depo_id', depoId).order('name')),
    staleTime: 60_000,
  });

export const routeOptionsQueryOptions = (slug: string, depoId: number) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).depo(depoId).resource('eod_routes').list(),
    queryFn: (): Promise<Array<{ id: number; name: string }>> =>
      runQuery(supabase.from('routes').select('id, name').eq('depo_id', depoId).is('deleted_at', null).order('name')),
    staleTime: 60_000,
  });

export const userOptionsQueryOptions = (slug: string, depoId: number) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).depo(depoId).resource('eod_users').list(),
    queryFn: (): Promise<Array<{ id: string; full_name: string }>> =>
      runQuery(supabase.rpc('eod_user_options', { p_depo_id: depoId })),
    staleTime: 60_000,
  });

import { queryOptions } from '@tanstack/react-query';
import type { IsoDate } from '@/shared/dates/calendar-date';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { planEventSmsCustomersSchema, weekdaySmsCustomersSchema } from './sms-customers-data';

export const planEventSmsCustomersKey = (slug: string, depoId: number, planEventId: number) =>
  queryKeys.tenant(slug).depo(depoId).resource('sms-customers').detail(planEventId);

/** One plan event's SMS customers (list, full details and map share it). */
export const planEventSmsCustomersQueryOptions = (slug: string, depoId: number, planEventId: number) =>
  queryOptions({
    queryKey: planEventSmsCustomersKey(slug, depoId, planEventId),
    queryFn: async () =>
      planEventSmsCustomersSchema.parse(
        await runQuery(supabase.rpc('plan_event_sms_customers', { tenant_slug: slug, plan_event_id: planEventId })),
      ),
  });

/** Every plan event's SMS customers on a day in the depo (the calendar day header's report). */
export const weekdaySmsCustomersQueryOptions = (slug: string, depoId: number, day: IsoDate) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).depo(depoId).resource('sms-customers').list({ day }),
    queryFn: async () =>
      weekdaySmsCustomersSchema.parse(
        await runQuery(supabase.rpc('weekday_sms_customers', { tenant_slug: slug, depo_id: depoId, day })),
      ),
  });

/** The templates the custom send offers (id and name); only those who may send get them. */
export const smsTemplatesForSendingQueryOptions = (slug: string, planEventId: number) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).resource('sms-templates-for-sending').detail(planEventId),
    queryFn: () => runQuery(supabase.rpc('plan_event_sms_templates', { plan_event_id: planEventId })),
  });

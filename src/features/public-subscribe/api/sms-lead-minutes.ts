import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

/** The arrival SMS's lead time the page promises: one depo's minutes, or the range over the site's depos. */
export interface SmsLeadMinutes {
  min: number;
  max: number;
}

/**
 * How many minutes before the truck the arrival SMS goes out (`public_sms_lead_minutes`): for one stop (its depo's
 * setting, which the SMS engine uses) or, without a stop, the range over the site's depos. Null: not known.
 */
export const smsLeadMinutesQueryOptions = (site: string, routePointId: number | null) =>
  queryOptions({
    queryKey: ['public', site, 'sms-lead-minutes', routePointId] as const,
    queryFn: async (): Promise<SmsLeadMinutes | null> => {
      const args = routePointId === null ? { site } : { site, stop_route_point_id: routePointId };
      const row = (await runQuery(supabase.rpc('public_sms_lead_minutes', args)))[0];
      return row ? { min: row.min_minutes, max: row.max_minutes } : null;
    },
    staleTime: 10 * 60_000,
  });

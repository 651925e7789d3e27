import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

const smsReceiverSchema = z.object({
  id: z.number(),
  depo_id: z.number(),
  sms_sent_at: z.string().nullable(),
  sms_sent_skipped_at: z.string().nullable(),
  customer: z.object({ address: z.string().nullable() }).nullable(),
  point: z
    .object({
      id: z.number(),
      address: z.string().nullable(),
      google_estimate_time: z.string().nullable(),
      plan_event: z
        .object({
          id: z.number(),
          date: z.string(),
          depo_id: z.number(),
          route: z.object({ name: z.string() }).nullable(),
        })
        .nullable(),
    })
    .nullable(),
});
export type SmsReceiver = z.infer<typeof smsReceiverSchema>;

const COLUMNS = `id, depo_id, sms_sent_at, sms_sent_skipped_at,
  customer:customers!sms_receivers_tenant_id_customer_id_fkey(address),
  point:plan_event_route_points!sms_receivers_plan_event_route_point_id_same_depo_fkey(id, address, google_estimate_time,
    plan_event:plan_events!plan_event_route_points_plan_event_id_same_depo_fkey(id, date, depo_id,
      route:routes!plan_events_route_id_same_depo_fkey(name)))`;

/** The SMS a customer was (or is to be) sent before a truck's visit, newest first. */
export async function getCustomerSmsReceivers(tenantId: string, customerId: number): Promise<SmsReceiver[]> {
  const rows = await runQuery(
    supabase
      .from('sms_receivers')
      .select(COLUMNS)
      .eq('tenant_id', tenantId)
      .eq('customer_id', customerId)
      .order('id', { ascending: false }),
  );
  return z.array(smsReceiverSchema).parse(rows);
}

export const customerSmsReceiversQueryOptions = (tenant: { slug: string; id: string }, customerId: number) =>
  queryOptions({
    queryKey: [...queryKeys.tenant(tenant.slug).resource('sms_receivers').lists(), { customerId }],
    queryFn: () => getCustomerSmsReceivers(tenant.id, customerId),
  });

export function useCustomerSmsReceivers(tenant: { slug: string; id: string }, customerId: number) {
  return useQuery(customerSmsReceiversQueryOptions(tenant, customerId));
}

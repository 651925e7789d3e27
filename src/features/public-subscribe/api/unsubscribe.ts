import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

export type UnsubscribeOutcome = 'unsubscribed' | 'already_unsubscribed' | 'not_found';

function toOutcome(value: string): UnsubscribeOutcome {
  return value === 'unsubscribed' || value === 'already_unsubscribed' ? value : 'not_found';
}

/** Full unsubscribe by phone; any failure counts as 'not_found' (spec §8: the result modal says so). */
export async function unsubscribeByPhone(site: string, phone: string): Promise<UnsubscribeOutcome> {
  try {
    return toOutcome(await runQuery(supabase.rpc('unsubscribe_public_phone', { site, phone })));
  } catch {
    return 'not_found';
  }
}

/** Route SMS and/or marketing SMS of the customer of a tracking link (both: a full unsubscribe). */
export async function unsubscribeCustomer(customerUuid: string, sms: boolean, marketing: boolean): Promise<UnsubscribeOutcome> {
  return toOutcome(await runQuery(supabase.rpc('unsubscribe_public_customer', { customer_uuid: customerUuid, sms, marketing })));
}

export const customerConsentsQueryOptions = (customerUuid: string) =>
  queryOptions({
    queryKey: ['public', 'customer-consents', customerUuid] as const,
    queryFn: async () => (await runQuery(supabase.rpc('public_customer_consents', { customer_uuid: customerUuid })))[0] ?? null,
  });

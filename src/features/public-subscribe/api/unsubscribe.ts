import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

/** link_sent: an unsubscribe by phone, answered alike for every number (the customer gets their link by SMS). */
export type UnsubscribeOutcome = 'unsubscribed' | 'already_unsubscribed' | 'not_found' | 'link_sent';

function toOutcome(value: string): UnsubscribeOutcome {
  return value === 'unsubscribed' || value === 'already_unsubscribed' || value === 'link_sent' ? value : 'not_found';
}

/**
 * Unsubscribe by phone: a phone number proves nothing, so the answer is the same for every number and the
 * customer's own unsubscribe link goes to the phone by SMS. Any failure counts as 'not_found' (spec §8).
 */
export async function unsubscribeByPhone(site: string, phone: string): Promise<UnsubscribeOutcome> {
  try {
    return toOutcome(await runQuery(supabase.rpc('unsubscribe_public_phone', { site, phone })));
  } catch {
    return 'not_found';
  }
}

/** Route SMS and/or marketing SMS of the customer of a tracking link (both: a full unsubscribe). */
export async function unsubscribeCustomer(
  customerUuid: string,
  sms: boolean,
  marketing: boolean,
): Promise<UnsubscribeOutcome> {
  return toOutcome(
    await runQuery(supabase.rpc('unsubscribe_public_customer', { customer_uuid: customerUuid, sms, marketing })),
  );
}

export const customerConsentsQueryOptions = (customerUuid: string) =>
  queryOptions({
    queryKey: ['public', 'customer-consents', customerUuid] as const,
    queryFn: async () =>
      (await runQuery(supabase.rpc('public_customer_consents', { customer_uuid: customerUuid })))[0] ?? null,
  });

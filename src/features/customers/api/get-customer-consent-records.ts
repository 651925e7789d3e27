import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { queryKeys } from '@/shared/query/query-keys';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';

const consentRecordSchema = z.object({
  id: z.number(),
  consent: z.enum(['sms', 'marketing']),
  granted: z.boolean(),
  source: z.enum(['public_page', 'staff', 'unsubscribe_link', 'sms', 'system']),
  page: z.string().nullable(),
  consent_text: z.string().nullable(),
  staff_user_id: z.string().nullable(),
  recorded_at: z.string(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/** Every change of the customer's SMS permission and marketing agreement, newest first (the database records them). */
export async function getCustomerConsentRecords(tenantId: string, customerId: number): Promise<ConsentRecord[]> {
  const rows = await runQuery(
    supabase
      .from('customer_consent_records')
      .select('id, consent, granted, source, page, consent_text, staff_user_id, recorded_at')
      .eq('tenant_id', tenantId)
      .eq('customer_id', customerId)
      .order('id', { ascending: false }),
  );
  return z.array(consentRecordSchema).parse(rows);
}

export const consentRecordKeys = (tenantSlug: string) =>
  queryKeys.tenant(tenantSlug).resource('customer_consent_records');

export const customerConsentRecordsQueryOptions = (tenant: { slug: string; id: string }, customerId: number) =>
  queryOptions({
    queryKey: consentRecordKeys(tenant.slug).list({ customerId }),
    queryFn: () => getCustomerConsentRecords(tenant.id, customerId),
  });

export function useCustomerConsentRecords(tenant: { slug: string; id: string }, customerId: number) {
  return useQuery(customerConsentRecordsQueryOptions(tenant, customerId));
}

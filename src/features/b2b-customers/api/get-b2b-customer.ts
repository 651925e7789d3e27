import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import { b2bCustomerKeys } from '../b2b-customer-keys';

const EDIT_COLUMNS =
  'id, customer_name, customer_number, shop_id, segmentation, address, zip_code, phone, phone_2, email, sales_consultant, ' +
  'sales_district_name, season, payment_method, payment_term, customer_name_2, opening_week, shop_open_at, shop_close_at, ' +
  'notes_about_customer, notes_to_customer, status';

const text = z.string().nullable();

export const b2bCustomerSchema = z.object({
  id: z.number(),
  customer_name: z.string(),
  customer_number: z.string(),
  shop_id: text,
  segmentation: text,
  address: text,
  zip_code: text,
  phone: text,
  phone_2: text,
  email: text,
  sales_consultant: text,
  sales_district_name: text,
  season: text,
  payment_method: text,
  payment_term: text,
  customer_name_2: text,
  opening_week: z.number().nullable(),
  shop_open_at: text,
  shop_close_at: text,
  notes_about_customer: text,
  notes_to_customer: text,
  status: z.enum(['active', 'inactive']),
});

export type B2bCustomer = z.infer<typeof b2bCustomerSchema>;

/** One customer with its editable fields; 'Not found' when it is gone or belongs to another tenant. */
export async function getB2bCustomer(tenantId: string, id: number): Promise<B2bCustomer> {
  const row = await runQuery(
    supabase.from('b2b_customers').select(EDIT_COLUMNS).eq('tenant_id', tenantId).eq('id', id).single(),
  );
  return b2bCustomerSchema.parse(row);
}

export const b2bCustomerQueryOptions = (slug: string, tenantId: string, id: number) =>
  queryOptions({
    queryKey: b2bCustomerKeys(slug).detail(id),
    queryFn: () => getB2bCustomer(tenantId, id),
  });

export function useB2bCustomer(slug: string, tenantId: string, id: number) {
  return useSuspenseQuery(b2bCustomerQueryOptions(slug, tenantId, id));
}

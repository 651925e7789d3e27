import { z } from 'zod';

const text = z.string().nullable();

/** One row of `b2b_customers_page`: the list columns and every editable field, checked at the edge. */
export const b2bCustomerRowSchema = z.object({
  id: z.number(),
  shop_id: text,
  segmentation: text,
  customer_name: z.string(),
  address: text,
  zip_code: text,
  phone: text,
  depo_ids: z.array(z.number()),
  depo_titles: z.array(z.string()),
  next_visit_dates: z.array(z.string()),
  route_names: z.array(z.string()),
  customer_number: z.string(),
  phone_2: text,
  sales_consultant: text,
  notes_about_customer: text,
  notes_to_customer: text,
  email: text,
  sales_district_name: text,
  season: text,
  payment_method: text,
  payment_term: text,
  customer_name_2: text,
  opening_week: z.number().nullable(),
  shop_open_at: text,
  shop_close_at: text,
  status: z.enum(['active', 'inactive']),
  in_route: z.boolean(),
  in_calendar: z.boolean(),
});

export type B2bCustomerRow = z.infer<typeof b2bCustomerRowSchema>;

/** The five tab counts of `b2b_customer_status_sizes`. */
export const b2bCustomerStatusSizesSchema = z.object({
  all_count: z.coerce.number(),
  in_route_count: z.coerce.number(),
  not_in_route_count: z.coerce.number(),
  in_calendar_count: z.coerce.number(),
  not_in_calendar_count: z.coerce.number(),
});

export type B2bCustomerStatusSizes = z.infer<typeof b2bCustomerStatusSizesSchema>;

import { z } from 'zod';
import type { Tables } from '@/shared/supabase/database.types';

export const b2bOrderSchema = z.object({
  id: z.number(),
  customer_number: z.string(),
  date: z.string(),
  shop_name: z.string(),
  total_revenue: z.coerce.number(),
  total_discount: z.coerce.number(),
  total_quantity: z.coerce.number(),
  exported_at: z.string().nullable(),
});

export type B2bOrder = z.infer<typeof b2bOrderSchema>;

export const b2bOrderLineItemSchema = z.object({
  id: z.number(),
  category_name: z.string().nullable(),
  product_name: z.string(),
  quantity: z.coerce.number(),
  total_line_amount: z.coerce.number(),
  discount: z.coerce.number(),
});

export type B2bOrderLineItem = z.infer<typeof b2bOrderLineItemSchema>;

/** What the orders screen needs of the signed-in member (the route passes the current member). */
export interface B2bOrdersMember {
  role: Tables<'tenant_memberships'>['role'];
  tenant: Pick<Tables<'tenants'>, 'id' | 'slug' | 'currency' | 'locale' | 'date_format' | 'time_zone'>;
}

/** Only the tenant's admins may mark orders exported (the database refuses the others). */
export const canExportB2bOrders = (member: Pick<B2bOrdersMember, 'role'>) => member.role === 'admin';

// Point-of-sale ingestion (issue 13): orders from the till (wallmob) into the drivers' end-of-day reports.
// `POST {"tenant": "<slug>", "orders": [...]}` with the service role key (the integration that relays wallmob's
// orders; nobody else). The database does the rest in one transaction (public.ingest_pos_orders): the report of
// the driver's plan event that day (else an unmapped one), each POS order stored once by its id, and a sale
// within 50 m of a stop marks it visited. A retry of the same batch stores nothing twice.
// The demo's tenants get their sales from the local simulator instead (cron job `pos-simulator`).
import { z } from 'npm:zod@4.6.7';
import { json, preflight } from '../_shared/cors.ts';
import { parseJsonBody } from '../_shared/body.ts';
import { failure, forbidden } from '../_shared/http.ts';
import { isServiceRole } from '../_shared/service-role.ts';
import { serviceClient } from '../_shared/supabase-clients.ts';

const money = z.number().finite().min(0).max(10_000_000);

const Line = z.object({
  sku: z.string().trim().min(1).max(40),
  product_name: z.string().trim().min(1).max(200),
  category_name: z.string().trim().max(120).optional(),
  quantity: z.number().finite().min(0).max(100_000),
  amount: money,
  discount: money.optional(),
});

const Order = z.object({
  id: z.string().trim().min(1).max(80),
  cash_register_id: z.number().int().positive(),
  wallmob_user_id: z.string().trim().min(1).max(80).optional(),
  sold_at: z.iso.datetime({ offset: true }),
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
  payment: z.enum(['cash', 'card', 'mobile_pay', 'vipps', 'gift_card', 'invoice']).default('cash'),
  lines: z.array(Line).min(1).max(500),
}).refine((order) => (order.lat === undefined) === (order.lng === undefined), { message: 'is invalid', path: ['lat'] });

const Body = z.object({
  tenant: z.string().trim().min(1).max(40),
  orders: z.array(Order).min(1).max(500),
});

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return failure(405, 'Method not allowed');
  if (!isServiceRole(req.headers.get('Authorization'))) return forbidden();
  const parsed = await parseJsonBody(req, Body);
  if (!parsed.ok) return parsed.response;

  const { data, error } = await serviceClient().rpc('ingest_pos_orders', { p_tenant: parsed.data.tenant, p_orders: parsed.data.orders });
  if (error) {
    // Another tenant's cash register or an unknown tenant: nothing stored, nothing told about what exists.
    if (error.code === 'P0002') return failure(404, 'Not found');
    if (error.code === '22023') return failure(422, 'Orders is invalid');
    console.error(`pos-orders: ingest_pos_orders failed: ${error.message}`);
    return failure(500, 'Error occured');
  }
  return json(data);
});

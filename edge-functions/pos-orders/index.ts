// Point-of-sale ingestion (issue 13): orders from the till (wallmob) into the drivers' end-of-day reports.
// `POST {"tenant": "<slug>", "orders": [...]}`, from one of two senders:
//   * wallmob's webhook, `POST ?tenant=<slug>` signed with the tenant's shared secret (WALLMOB_WEBHOOK_SECRET, per
//     tenant as WALLMOB_WEBHOOK_SECRET__<SLUG>): `X-Wallmob-Timestamp` and `X-Wallmob-Signature`
//     (_shared/providers/wallmob-webhook.ts), verified in constant time, the timestamp within 5 minutes;
//   * a trusted integration with the service role key (compared with the key itself: the function takes requests
//     without a JWT, verify_jwt = false, for wallmob).
// The database does the rest in one transaction (public.ingest_pos_orders): the report of the driver's plan event
// that day (else an unmapped one), each POS order stored once by its id, and a sale within 50 m of a stop marks it
// visited. A retry or a replay of the same batch stores nothing twice.
// The demo's tenants get their sales from the local simulator instead (cron job `pos-simulator`).
import { z } from 'npm:zod@4.6.7';
import { json, preflight } from '../_shared/cors.ts';
import { parseValue } from '../_shared/body.ts';
import { providerSetting, requiredEnv } from '../_shared/env.ts';
import { failure, forbidden } from '../_shared/http.ts';
import { readBodyWithin } from '../_shared/limited-body.ts';
import {
  verifyWallmobSignature,
  WALLMOB_SIGNATURE_HEADER,
  WALLMOB_TIMESTAMP_HEADER,
} from '../_shared/providers/wallmob-webhook.ts';
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

const Order = z
  .object({
    id: z.string().trim().min(1).max(80),
    cash_register_id: z.number().int().positive(),
    wallmob_user_id: z.string().trim().min(1).max(80).optional(),
    sold_at: z.iso.datetime({ offset: true }),
    lat: z.number().min(-90).max(90).optional(),
    lng: z.number().min(-180).max(180).optional(),
    payment: z.enum(['cash', 'card', 'mobile_pay', 'vipps', 'gift_card', 'invoice']).default('cash'),
    lines: z.array(Line).min(1).max(500),
  })
  .refine((order) => (order.lat === undefined) === (order.lng === undefined), { message: 'is invalid', path: ['lat'] });

const Body = z.object({
  tenant: z.string().trim().min(1).max(40),
  orders: z.array(Order).min(1).max(500),
});

/** 500 orders of a few lines each fit well within this. */
const MAX_BODY_BYTES = 1_000_000;
const encoder = new TextEncoder();

/** The service role key itself, compared in constant time (no JWT is verified before this function). */
async function isServiceRoleKey(authorization: string | null): Promise<boolean> {
  const token = authorization?.match(/^Bearer (.+)$/)?.[1];
  if (!token) return false;
  // Equal-length digests, compared without an early exit.
  const [given, known] = await Promise.all(
    [token, requiredEnv('SUPABASE_SERVICE_ROLE_KEY')].map(
      async (value) => new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(value))),
    ),
  );
  let difference = 0;
  for (let i = 0; i < known.length; i += 1) difference |= given[i] ^ known[i];
  return difference === 0;
}

type Sender = { ok: true; tenant: string | null } | { ok: false; response: Response };

/** Who sent the body: wallmob for `tenant` (signature checked), the service role (any tenant), or nobody. */
async function senderOf(req: Request, body: Uint8Array): Promise<Sender> {
  if (await isServiceRoleKey(req.headers.get('Authorization'))) return { ok: true, tenant: null };
  const signature = req.headers.get(WALLMOB_SIGNATURE_HEADER);
  if (!signature) return { ok: false, response: forbidden() };
  const tenant = new URL(req.url).searchParams.get('tenant') ?? '';
  const secret = tenant ? providerSetting('WALLMOB_WEBHOOK_SECRET', tenant) : undefined;
  // A tenant without a secret takes no webhook: the same answer as a wrong signature, so nothing is told.
  const verdict = secret
    ? await verifyWallmobSignature({ secret, signature, timestamp: req.headers.get(WALLMOB_TIMESTAMP_HEADER), body })
    : 'invalid';
  if (verdict === 'stale')
    return { ok: false, response: failure(401, 'The request timestamp is outside the allowed window') };
  if (verdict !== 'ok') return { ok: false, response: failure(401, 'The request signature is not valid') };
  return { ok: true, tenant };
}

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return failure(405, 'Method not allowed');
  const read = await readBodyWithin(req, MAX_BODY_BYTES);
  if (!read.ok) return read.response;
  const sender = await senderOf(req, read.bytes);
  if (!sender.ok) return sender.response;

  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(read.bytes));
  } catch {
    return failure(400, 'The request body is not valid JSON');
  }
  const parsed = parseValue(raw, Body);
  if (!parsed.ok) return parsed.response;
  // A signature is for one tenant's orders only.
  if (sender.tenant !== null && parsed.data.tenant !== sender.tenant) return failure(404, 'Not found');

  const { data, error } = await serviceClient().rpc('ingest_pos_orders', {
    p_tenant: parsed.data.tenant,
    p_orders: parsed.data.orders,
  });
  if (error) {
    // Another tenant's cash register or an unknown tenant: nothing stored, nothing told about what exists.
    if (error.code === 'PT404') return failure(404, 'Not found');
    if (error.code === '22023') return failure(422, 'Orders is invalid');
    console.error(`pos-orders: ingest_pos_orders failed: ${error.message}`);
    return failure(500, 'Error occured');
  }
  return json(data);
});

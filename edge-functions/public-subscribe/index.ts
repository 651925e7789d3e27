// The public SMS subscribe (inventory-public-support §2.2, §5): anon calls it with the anon key.
// - `GET ?site=<segment>` → `{ captcha: { kind: 'turnstile', siteKey } | { kind: 'none' } }`: what the page shows.
// - `POST { site, route_point_id, phone, address, lat, lng, original_*, marketing_agreement, captcha_token }` →
//   `{ customer_uuid }` once the captcha passed; the subscription itself is `subscribe_to_public_stop` (service role
//   only), which also applies the rate limits per IP (the caller's, as the gateway reports it) and per phone.
// Answers: 400 captcha_failed, 502 captcha_unreachable, 404 unknown site or stop, 422 invalid phone, 429 rate_limited.
import { z } from 'npm:zod@4.6.7';
import { json, preflight } from '../_shared/cors.ts';
import { parseJsonBody } from '../_shared/body.ts';
import { failure } from '../_shared/http.ts';
import { ProviderError } from '../_shared/providers/provider-error.ts';
import { serviceClient } from '../_shared/supabase-clients.ts';
import { captchaFor } from './captcha-choice.ts';

const coordinate = z.number().finite().nullable().optional();
const Body = z.object({
  site: z.string().trim().min(1).max(40),
  route_point_id: z.number().int().positive(),
  phone: z.string().trim().min(8, { error: 'is too short (minimum is 8 characters)' }).max(30),
  address: z.string().trim().max(500).nullable().optional(),
  lat: coordinate,
  lng: coordinate,
  original_address: z.string().trim().max(500).nullable().optional(),
  original_lat: coordinate,
  original_lng: coordinate,
  marketing_agreement: z.boolean().default(true),
  captcha_token: z.string().max(4096).default(''),
  facebook_messenger_id: z.string().max(200).nullable().optional(),
  broadcast_message_block_id: z.string().max(200).nullable().optional(),
});

/** The caller's IP as the gateway (or Supabase's edge) reports it: the first X-Forwarded-For entry. */
function callerIp(req: Request): string | null {
  const first = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return first ? first : null;
}

async function tenantSlugOf(site: string): Promise<string | null> {
  const { data, error } = await serviceClient().rpc('public_site', { segment: site });
  if (error) throw new Error(`public_site failed: ${error.message}`);
  const row = (data as { slug: string; is_public: boolean }[] | null)?.[0];
  return row && !row.is_public ? row.slug : null;
}

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  const url = new URL(req.url);

  if (req.method === 'GET') {
    const slug = await tenantSlugOf(url.searchParams.get('site')?.trim() ?? '');
    if (!slug) return failure(404, 'unknown_site');
    return json({ captcha: captchaFor(slug).widget });
  }
  if (req.method !== 'POST') return failure(405, 'Method not allowed');

  const parsed = await parseJsonBody(req, Body);
  if (!parsed.ok) return parsed.response;
  const body = parsed.data;
  const slug = await tenantSlugOf(body.site);
  if (!slug) return failure(404, 'unknown_site');

  const ip = callerIp(req);
  try {
    if (!(await captchaFor(slug).verify(body.captcha_token, ip))) return failure(400, 'captcha_failed');
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.error(error.message);
    return failure(502, 'captcha_unreachable');
  }

  const { data, error } = await serviceClient().rpc('subscribe_to_public_stop', {
    site: body.site,
    route_point_id: body.route_point_id,
    phone: body.phone,
    address: body.address ?? null,
    lat: body.lat ?? null,
    lng: body.lng ?? null,
    original_address: body.original_address ?? null,
    original_lat: body.original_lat ?? null,
    original_lng: body.original_lng ?? null,
    marketing_agreement: body.marketing_agreement,
    client_ip: ip ?? 'unknown',
  });
  if (error) {
    if (error.message === 'rate_limited') return failure(429, 'rate_limited');
    if (error.message === 'invalid_phone') return failure(422, 'invalid_phone');
    if (error.message === 'unknown_stop' || error.message === 'unknown_site') return failure(404, error.message);
    throw new Error(`subscribe_to_public_stop failed: ${error.message}`);
  }
  return json({ customer_uuid: data as string });
});

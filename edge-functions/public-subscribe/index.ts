// The public SMS subscribe (inventory-public-support §2.2, §5): anon calls it with the anon key.
// - `GET ?site=<segment>` → `{ captcha: { kind: 'turnstile', siteKey } | { kind: 'none' } }`: what the page shows.
// - `POST { site, route_point_id, phone, address, lat, lng, original_*, marketing_agreement, captcha_token, page,
//   sms_consent_text, marketing_consent_text }` → `{ request_id }` once the captcha passed, alike for every phone:
//   a code goes by SMS to the phone (request-code.ts, `request_public_subscription`, rate limited per IP and phone).
//   Answers: 400 captcha_failed, 502 captcha_unreachable, 404 unknown site or stop, 422 invalid_phone or
//   refused_destination (not a mobile number of the tenant's SMS countries, destination.ts), 429 rate_limited.
// - `POST ?step=confirm { site, request_id, code }` → `{ customer_uuid }` with the right code (confirm-code.ts);
//   422 wrong_code, 429 too_many_attempts or rate_limited, 410 code_expired.
import { json, preflight } from '../_shared/cors.ts';
import { parseJsonBody } from '../_shared/body.ts';
import { failure } from '../_shared/http.ts';
import { ProviderError } from '../_shared/providers/provider-error.ts';
import { serviceClient } from '../_shared/supabase-clients.ts';
import { captchaFor } from './captcha-choice.ts';
import { ConfirmBody, confirmCode } from './confirm-code.ts';
import { isSmsDestination, type TenantSmsCountries } from './destination.ts';
import { RequestBody, requestCode } from './request-code.ts';

/** The caller's IP as the gateway (or Supabase's edge) reports it: the first X-Forwarded-For entry. */
function callerIp(req: Request): string | null {
  const first = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return first ? first : null;
}

async function smsCountriesOf(slug: string): Promise<TenantSmsCountries> {
  const { data, error } = await serviceClient()
    .from('tenants')
    .select('country_code, phone_prefix, sms_destination_countries')
    .eq('slug', slug)
    .single();
  if (error) throw new Error(`the tenant's SMS countries could not be read: ${error.message}`);
  return data as TenantSmsCountries;
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

  const ip = callerIp(req);
  if (url.searchParams.get('step') === 'confirm') {
    const confirm = await parseJsonBody(req, ConfirmBody);
    if (!confirm.ok) return confirm.response;
    if (!(await tenantSlugOf(confirm.data.site))) return failure(404, 'unknown_site');
    return confirmCode(confirm.data, ip);
  }

  const parsed = await parseJsonBody(req, RequestBody);
  if (!parsed.ok) return parsed.response;
  const body = parsed.data;
  const slug = await tenantSlugOf(body.site);
  if (!slug) return failure(404, 'unknown_site');

  // Before the captcha and the rate limits: a number the engine would never text is refused outright.
  if (!isSmsDestination(body.phone, await smsCountriesOf(slug))) return failure(422, 'refused_destination');

  try {
    if (!(await captchaFor(slug).verify(body.captcha_token, ip))) return failure(400, 'captcha_failed');
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.error(error.message);
    return failure(502, 'captcha_unreachable');
  }
  return requestCode(body, ip);
});

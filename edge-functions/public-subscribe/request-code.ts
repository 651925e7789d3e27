// Step 1 of the double opt-in: the subscribe form's answers (after the captcha) become a request whose code is sent
// by SMS to the phone. The answer is `{ request_id }` for every phone, known to the tenant or not: the customer's
// uuid (the key of their tracking and unsubscribe links) comes only with the right code (confirm-code.ts).
import { z } from 'npm:zod@4.6.7';
import { json } from '../_shared/cors.ts';
import { failure } from '../_shared/http.ts';
import { serviceClient } from '../_shared/supabase-clients.ts';

const coordinate = z.number().finite().nullable().optional();
const consentText = z.string().trim().max(2000).nullable().optional();

export const RequestBody = z.object({
  site: z.string().trim().min(1).max(40),
  route_point_id: z.number().int().positive(),
  phone: z.string().trim().min(8, { error: 'is too short (minimum is 8 characters)' }).max(30),
  address: z.string().trim().max(500).nullable().optional(),
  lat: coordinate,
  lng: coordinate,
  original_address: z.string().trim().max(500).nullable().optional(),
  original_lat: coordinate,
  original_lng: coordinate,
  // A consent is given by ticking it, never by default.
  marketing_agreement: z.boolean().default(false),
  captcha_token: z.string().max(4096).default(''),
  facebook_messenger_id: z.string().max(200).nullable().optional(),
  broadcast_message_block_id: z.string().max(200).nullable().optional(),
  // What the person saw, kept with their consent: the page and the exact consent texts.
  page: z.string().trim().max(300).nullable().optional(),
  sms_consent_text: consentText,
  marketing_consent_text: consentText,
});
export type RequestBody = z.output<typeof RequestBody>;

export async function requestCode(body: RequestBody, ip: string | null): Promise<Response> {
  const { data, error } = await serviceClient().rpc('request_public_subscription', {
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
    page: body.page ?? null,
    sms_consent_text: body.sms_consent_text ?? null,
    marketing_consent_text: body.marketing_consent_text ?? null,
    client_ip: ip ?? 'unknown',
  });
  if (error) {
    if (error.message === 'rate_limited') return failure(429, 'rate_limited');
    if (error.message === 'invalid_phone') return failure(422, 'invalid_phone');
    if (error.message === 'unknown_stop' || error.message === 'unknown_site') return failure(404, error.message);
    throw new Error(`request_public_subscription failed: ${error.message}`);
  }
  return json({ request_id: data as string });
}

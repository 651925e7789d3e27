// Step 2 of the double opt-in: the code from the SMS. The right code subscribes the phone and answers
// `{ customer_uuid }`; a wrong one answers 422 wrong_code (5 tries), a spent or old request 410 code_expired.
import { z } from 'npm:zod@4.6.7';
import { json } from '../_shared/cors.ts';
import { failure } from '../_shared/http.ts';
import { serviceClient } from '../_shared/supabase-clients.ts';

export const ConfirmBody = z.object({
  site: z.string().trim().min(1).max(40),
  request_id: z.uuid(),
  code: z.string().trim().max(20),
});
export type ConfirmBody = z.output<typeof ConfirmBody>;

type Outcome = 'confirmed' | 'wrong_code' | 'too_many_attempts' | 'expired';

export async function confirmCode(body: ConfirmBody, ip: string | null): Promise<Response> {
  const { data, error } = await serviceClient().rpc('confirm_public_subscription', {
    site: body.site,
    request_id: body.request_id,
    code: body.code,
    client_ip: ip ?? 'unknown',
  });
  if (error) {
    if (error.message === 'rate_limited') return failure(429, 'rate_limited');
    throw new Error(`confirm_public_subscription failed: ${error.message}`);
  }
  const row = (data as { outcome: Outcome; customer_uuid: string | null }[] | null)?.[0];
  if (row?.outcome === 'confirmed' && row.customer_uuid) return json({ customer_uuid: row.customer_uuid });
  if (row?.outcome === 'wrong_code') return failure(422, 'wrong_code');
  if (row?.outcome === 'too_many_attempts') return failure(429, 'too_many_attempts');
  return failure(410, 'code_expired');
}

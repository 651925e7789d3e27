import { queryOptions } from '@tanstack/react-query';
import { callFunction } from '@/shared/supabase/call-function';

export type CaptchaWidget = { kind: 'turnstile'; siteKey: string } | { kind: 'none' };

/** What the subscribe form shows as captcha: Turnstile's widget, or nothing (the local adapter). */
export const captchaQueryOptions = (site: string) =>
  queryOptions({
    queryKey: ['public', site, 'captcha'] as const,
    queryFn: async () =>
      (await callFunction<{ captcha: CaptchaWidget }>('public-subscribe', { query: { site } })).captcha,
    staleTime: 10 * 60_000,
  });

/** The token the local captcha adapter accepts (the embedded default shows no captcha, spec §5). */
export const LOCAL_CAPTCHA_TOKEN = 'local-captcha-pass';

export interface SubscribeRequest {
  site: string;
  route_point_id: number;
  phone: string;
  address: string | null;
  lat: number | null;
  lng: number | null;
  original_address: string | null;
  original_lat: number | null;
  original_lng: number | null;
  marketing_agreement: boolean;
  captcha_token: string;
  facebook_messenger_id: string | null;
  broadcast_message_block_id: string | null;
  /** Kept with the consent: the page and the exact consent texts the customer saw. */
  page: string;
  sms_consent_text: string;
  marketing_consent_text: string;
}

/** Step 1 of the double opt-in: a code goes by SMS to the phone; the answer is the request to confirm. */
export async function requestSubscribeCode(request: SubscribeRequest): Promise<string> {
  const answer = await callFunction<{ request_id: string }>('public-subscribe', {
    method: 'POST',
    body: { ...request },
  });
  return answer.request_id;
}

/** Step 2: the code from the SMS; the answer is the customer's uuid (their tracking links). */
export async function confirmSubscribeCode(site: string, requestId: string, code: string): Promise<string> {
  const answer = await callFunction<{ customer_uuid: string }>('public-subscribe', {
    method: 'POST',
    query: { step: 'confirm' },
    body: { site, request_id: requestId, code },
  });
  return answer.customer_uuid;
}

import { queryOptions } from '@tanstack/react-query';
import { callFunction } from '@/shared/supabase/call-function';

export type CaptchaWidget = { kind: 'turnstile'; siteKey: string } | { kind: 'none' };

/** What the subscribe form shows as captcha: Turnstile's widget, or nothing (the local adapter). */
export const captchaQueryOptions = (site: string) =>
  queryOptions({
    queryKey: ['public', site, 'captcha'] as const,
    queryFn: async () => (await callFunction<{ captcha: CaptchaWidget }>('public-subscribe', { query: { site } })).captcha,
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
}

export async function subscribeToStop(request: SubscribeRequest): Promise<string> {
  const answer = await callFunction<{ customer_uuid: string }>('public-subscribe', { method: 'POST', body: { ...request } });
  return answer.customer_uuid;
}

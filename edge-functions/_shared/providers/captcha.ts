// Captcha verification for the public subscribe (DESIGN §6: Cloudflare Turnstile, verified server-side).
// - Turnstile: `POST {siteverify URL}` form `secret`, `response`, `remoteip` → `{ success, "error-codes" }`.
// - Local (the embedded default, where the spec shows no captcha): the page sends LOCAL_CAPTCHA_TOKEN; anything
//   else, an empty token included, is refused as a real provider would.
// Free of Deno and npm: imports, so the adapters can be exercised from Node against a fake provider too.
import { ProviderError } from './provider-error.ts';

export const TURNSTILE_SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
export const LOCAL_CAPTCHA_TOKEN = 'local-captcha-pass';

export interface CaptchaVerifier {
  /** What the page must show: Turnstile's widget with this site key, or nothing (local). */
  readonly widget: { kind: 'turnstile'; siteKey: string } | { kind: 'none' };
  /** True when the token passes; a provider that cannot answer throws a ProviderError. */
  verify(token: string, remoteIp: string | null): Promise<boolean>;
}

export function localCaptchaVerifier(): CaptchaVerifier {
  return {
    widget: { kind: 'none' },
    verify: (token) => Promise.resolve(token === LOCAL_CAPTCHA_TOKEN),
  };
}

export function turnstileVerifier(config: {
  siteKey: string;
  secretKey: string;
  siteverifyUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): CaptchaVerifier {
  const doFetch = config.fetch ?? fetch;
  return {
    widget: { kind: 'turnstile', siteKey: config.siteKey },
    async verify(token, remoteIp) {
      if (token.trim() === '' || token.length > 2048) return false;
      const form = new URLSearchParams({ secret: config.secretKey, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      let response: Response;
      try {
        response = await doFetch(config.siteverifyUrl ?? TURNSTILE_SITEVERIFY_URL, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
          body: form,
          signal: AbortSignal.timeout(config.timeoutMs ?? 8_000),
        });
      } catch (error) {
        throw new ProviderError(
          'turnstile',
          `request failed (${error instanceof Error ? error.message : String(error)})`,
        );
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new ProviderError('turnstile', `answered ${response.status}`);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new ProviderError('turnstile', 'answered with something that is not JSON');
      }
      if (typeof body !== 'object' || body === null || typeof (body as { success?: unknown }).success !== 'boolean') {
        throw new ProviderError('turnstile', 'answered without a success flag');
      }
      return (body as { success: boolean }).success;
    },
  };
}

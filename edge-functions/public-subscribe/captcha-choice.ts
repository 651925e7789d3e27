// Which captcha a public site uses: Turnstile when its keys are configured (per tenant, `TURNSTILE_SECRET_KEY__<SLUG>`
// wins over `TURNSTILE_SECRET_KEY`), else the local adapter of the embedded default.
import { providerSetting } from '../_shared/env.ts';
import { type CaptchaVerifier, localCaptchaVerifier, turnstileVerifier } from '../_shared/providers/captcha.ts';

export function captchaFor(tenantSlug: string): CaptchaVerifier {
  const siteKey = providerSetting('TURNSTILE_SITE_KEY', tenantSlug);
  const secretKey = providerSetting('TURNSTILE_SECRET_KEY', tenantSlug);
  if (siteKey && secretKey) {
    return turnstileVerifier({
      siteKey,
      secretKey,
      siteverifyUrl: providerSetting('TURNSTILE_SITEVERIFY_URL', tenantSlug),
    });
  }
  return localCaptchaVerifier();
}

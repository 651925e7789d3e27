import { tooManyRequests } from './errors.ts';
import type { RateLimitSettings } from './settings.ts';

const FIVE_MINUTES_S = 300;
/** GoTrue's per-IP limiters let a burst of 30 through, then refill at the configured rate. */
const BURST = 30;
/** A caller's bucket is forgotten after an hour without requests (GoTrue's expiring limiter entries). */
const IDLE_TTL_MS = 3_600_000;

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** A token bucket per key (the caller's IP), as the tollbooth limiters GoTrue puts in front of its endpoints. */
export class KeyedLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    /** Tokens added per second. */
    private readonly perSecond: number,
    private readonly burst: number = BURST,
  ) {}

  /** Takes one token for `key`; false when the bucket is empty. */
  take(key: string, now = Date.now()): boolean {
    this.sweep(now);
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, updatedAt: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.perSecond);
    bucket.updatedAt = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  private sweep(now: number): void {
    if (this.buckets.size < 10_000) return;
    for (const [key, bucket] of this.buckets) if (now - bucket.updatedAt > IDLE_TTL_MS) this.buckets.delete(key);
  }
}

/** The limiter of each rate-limited endpoint group, built from `[auth.rate_limit]`. */
export interface AuthLimiters {
  /** `/token`, every grant (GOTRUE_RATE_LIMIT_TOKEN_REFRESH ← `token_refresh`). */
  token: KeyedLimiter;
  /** `/verify` (GOTRUE_RATE_LIMIT_VERIFY ← `token_verifications`). */
  verify: KeyedLimiter;
  /** `/otp`, `/magiclink`, `/recover`, `/resend`, `/signup`, `PUT /user`: one limiter each, one rate (`sign_in_sign_ups`). */
  otp: KeyedLimiter;
  magiclink: KeyedLimiter;
  recover: KeyedLimiter;
  resend: KeyedLimiter;
  signup: KeyedLimiter;
  user: KeyedLimiter;
  /** E-mails per hour for the whole project (`email_sent`), applied when sign-ups need confirming, as GoTrue does. */
  email: KeyedLimiter;
}

export function createLimiters(limits: RateLimitSettings): AuthLimiters {
  const per5Minutes = (count: number) => new KeyedLimiter(count / FIVE_MINUTES_S);
  return {
    token: per5Minutes(limits.tokenRefresh),
    verify: per5Minutes(limits.tokenVerifications),
    otp: per5Minutes(limits.signInSignUps),
    magiclink: per5Minutes(limits.signInSignUps),
    recover: per5Minutes(limits.signInSignUps),
    resend: per5Minutes(limits.signInSignUps),
    signup: per5Minutes(limits.signInSignUps),
    user: per5Minutes(limits.signInSignUps),
    email: new KeyedLimiter(limits.emailSent / 3600, Math.max(1, limits.emailSent)),
  };
}

/** GoTrue's answer when a caller's IP is over an endpoint's limit. */
export function enforceRateLimit(limiter: KeyedLimiter, ip: string): void {
  // Without a caller address there is nothing to key on; GoTrue then applies no limit either.
  if (ip === '') return;
  if (!limiter.take(ip)) throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
}

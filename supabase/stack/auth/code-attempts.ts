import type { Queryable } from './db.ts';
import { tooManyRequests } from './errors.ts';
import type { CodeAttemptSettings } from './settings.ts';

interface IpFailures {
  count: number;
  since: number;
  lockedUntil: number;
}

/**
 * Wrong one-time codes (the 6 digits of an e-mail, typed into verifyOtp). A code has a million values, so
 * guessing must end long before: after `perAddress` wrong codes for one address its pending codes are void
 * (a new one must be requested), and an IP with `perIp` wrong codes is refused for `ipLockMs`. Unknown
 * addresses count the same, so the answers reveal nothing.
 */
export class CodeAttempts {
  private readonly byAddress = new Map<string, number>();
  private readonly byIp = new Map<string, IpFailures>();

  constructor(private readonly settings: CodeAttemptSettings) {}

  /** Refuses an IP that guessed too often lately. */
  checkIp(ip: string, now = Date.now()): void {
    const entry = this.byIp.get(ip);
    if (ip !== '' && entry && entry.lockedUntil > now) {
      throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
    }
  }

  /** Counts a wrong code; voids the address's pending codes when it has had too many. */
  async recordFailure(db: Queryable, address: string, ip: string, now = Date.now()): Promise<void> {
    const key = address.toLowerCase();
    const count = (this.byAddress.get(key) ?? 0) + 1;
    if (count >= this.settings.perAddress) {
      this.byAddress.delete(key);
      await voidPendingCodes(db, key);
    } else {
      this.byAddress.set(key, count);
    }
    if (ip === '') return;
    const previous = this.byIp.get(ip);
    const fresh = !previous || now - previous.since > this.settings.ipLockMs;
    const entry = fresh ? { count: 0, since: now, lockedUntil: 0 } : previous;
    entry.count += 1;
    if (entry.count >= this.settings.perIp) {
      entry.lockedUntil = now + this.settings.ipLockMs;
      entry.count = 0;
      entry.since = now;
    }
    this.byIp.set(ip, entry);
  }

  recordSuccess(address: string): void {
    this.byAddress.delete(address.toLowerCase());
  }
}

/** Clears every code (and the link carrying the same token) that was sent to this address. */
async function voidPendingCodes(db: Queryable, address: string): Promise<void> {
  await db.query(
    `update auth.users set
       confirmation_token = case when lower(email) = $1 or phone = $1 then '' else confirmation_token end,
       recovery_token = case when lower(email) = $1 or phone = $1 then '' else recovery_token end,
       email_change_token_current = case when lower(email) = $1 then '' else email_change_token_current end,
       email_change_token_new = case when lower(email_change) = $1 then '' else email_change_token_new end
     where lower(email) = $1 or lower(email_change) = $1 or phone = $1`,
    [address],
  );
}

import { randomInt } from 'node:crypto';

// Test phones the SMS engine may text (supabase/migrations/20261202100000_sms_destinations_and_budget.sql refuses
// anything that is not a mobile number of the tenant's countries, as libphonenumber types it).

/** Danish leading pairs whose numbers are FIXED_LINE_OR_MOBILE when the third digit is 1-9 (40-59, 70-79). */
const DANISH_PAIRS = [...Array.from({ length: 20 }, (_, i) => 40 + i), ...Array.from({ length: 10 }, (_, i) => 70 + i)];

/** A Danish mobile number (+45 and 8 digits) out of 27 million, so tests running at once seldom share one. */
export const danishMobile = (): string =>
  `+45${DANISH_PAIRS[randomInt(0, DANISH_PAIRS.length)]}${randomInt(1, 10)}${String(randomInt(0, 100_000)).padStart(5, '0')}`;

/** A Norwegian mobile number (+47 9 and 7 digits). */
export const norwegianMobile = (): string => `+479${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

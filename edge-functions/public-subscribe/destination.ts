// Which numbers the public subscribe accepts (issue 24 item 3, SMS pumping): a mobile number of one of the
// tenant's allowed countries, as libphonenumber types it. Premium rate, shared cost, VoIP, UAN, pager, personal,
// toll free, fixed lines, unknown ranges and the international networks (+882, +883: no country) are refused.
// The database applies the same rule to every SMS it sends (app_private.sms_destination_refusal, from the same
// metadata), so this is the clear early answer, not the only guard.
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'npm:libphonenumber-js@1.13.16/max';
import type { CountryCode, NumberType } from 'npm:libphonenumber-js@1.13.16/max';

const SMS_TYPES: ReadonlySet<NumberType> = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

export interface TenantSmsCountries {
  country_code: string | null;
  phone_prefix: string | null;
  /** The admins' choice; null means the countries of the phone prefix. */
  sms_destination_countries: string[] | null;
}

/** The countries the tenant's SMS may go to, as the database derives them. */
export function allowedCountries(tenant: TenantSmsCountries): Set<string> {
  if (tenant.sms_destination_countries) return new Set(tenant.sms_destination_countries);
  const prefix = tenant.phone_prefix?.replace(/^\+/, '');
  if (!prefix) return new Set();
  return new Set(getCountries().filter((country) => getCountryCallingCode(country) === prefix));
}

/** True when an SMS may go to this phone (as typed, read in the tenant's country) for the tenant. */
export function isSmsDestination(phone: string, tenant: TenantSmsCountries): boolean {
  const parsed = parsePhoneNumberFromString(phone, (tenant.country_code ?? undefined) as CountryCode | undefined);
  if (!parsed?.isValid() || !parsed.country) return false;
  const type = parsed.getType();
  return type !== undefined && SMS_TYPES.has(type) && allowedCountries(tenant).has(parsed.country);
}

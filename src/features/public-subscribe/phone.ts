import { AsYouType, type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';

/** Spec §5/§9: the phone text must be at least 8 characters long. */
export const PHONE_MIN_LENGTH = 8;

function countryOf(code: string | null | undefined): CountryCode | undefined {
  return code ? (code.toUpperCase() as CountryCode) : undefined;
}

/** The phone as the customer types it, formatted for the site's country (12 34 56 78, 412 34 567). */
export function formatPhoneAsTyped(text: string, countryCode: string | null | undefined): string {
  return new AsYouType(countryOf(countryCode)).input(text);
}

/** Valid for the site's country and at least 8 characters: the subscribe and unsubscribe buttons' rule. */
export function isUsablePhone(text: string, countryCode: string | null | undefined): boolean {
  if (text.length < PHONE_MIN_LENGTH) return false;
  const parsed = parsePhoneNumberFromString(text, countryOf(countryCode));
  return parsed?.isValid() === true;
}

export type PhoneProblem = 'too_short' | 'not_valid';

/**
 * Why a typed phone cannot be sent, once there is enough to judge (the customer left the field, or typed 8+
 * characters): too short, or not a valid number of the site's country. Null when it is usable or still being typed.
 */
export function phoneProblem(
  text: string,
  countryCode: string | null | undefined,
  leftField: boolean,
): PhoneProblem | null {
  if (text.trim() === '' || isUsablePhone(text, countryCode)) return null;
  const digits = text.replace(/\D/g, '').length;
  if (!leftField && text.length < PHONE_MIN_LENGTH) return null;
  return digits < PHONE_MIN_LENGTH ? 'too_short' : 'not_valid';
}

/** The number as sent: with the country's calling code (+4512345678); as typed for a worldwide site. */
export function toSentPhone(text: string, countryCode: string | null | undefined): string {
  const parsed = parsePhoneNumberFromString(text, countryOf(countryCode));
  if (parsed && countryCode) return parsed.number;
  return text.replace(/[\s().-]/g, '');
}

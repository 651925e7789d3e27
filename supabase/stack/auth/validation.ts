import { badRequest } from './errors.ts';

// The format check GoTrue's e-mail validation (checkmail) applies.
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Checks an e-mail address and returns it lower-cased, as GoTrue stores it. */
export function validateEmail(email: string): string {
  if (email === '') throw badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_FORMAT.test(email))
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/** GoTrue stores phone numbers without `+` and spaces. */
export function normalisePhone(phone: string): string {
  return phone.replace(/^\+/, '').replace(/ /g, '');
}

export function validatePhone(phone: string): string {
  const normalised = normalisePhone(phone);
  if (!/^[1-9]\d{1,14}$/.test(normalised)) {
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
  }
  return normalised;
}

/** A PKCE request carries both code_challenge and its method, or neither (GoTrue's validatePKCEParams). */
export function validatePkceParams(method: string, challenge: string): void {
  if ((challenge === '') !== (method === '')) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  if (challenge === '') return;
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw badRequest(
      'validation_failed',
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
  if (!['s256', 'plain'].includes(method.toLowerCase())) {
    throw badRequest('validation_failed', `unsupported code_challenge method "${method}"`);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

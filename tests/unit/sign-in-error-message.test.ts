import { describe, expect, it } from 'vitest';
import { signInErrorMessage } from '../../src/features/auth/sign-in-error-message.ts';
import { signInFailureNoticeText } from '../../src/features/auth/sign-in-failure-notice.ts';

describe('signInErrorMessage', () => {
  it("gives the spec's text for a wrong e-mail or password", () => {
    expect(signInErrorMessage({ code: 'invalid_credentials', message: 'Invalid login credentials' })).toBe(
      'Invalid Email or password.',
    );
  });

  it('keeps the sentence of a password hook that rejected the attempt', () => {
    const fromHook = 'You have one more attempt before your account is locked.';
    expect(signInErrorMessage({ code: 'invalid_credentials', message: fromHook })).toBe(fromHook);
  });

  it('reports banned users as locked and unconfirmed e-mails as such', () => {
    expect(signInErrorMessage({ code: 'user_banned', message: 'User is banned' })).toBe('Your account is locked.');
    expect(signInErrorMessage({ code: 'email_not_confirmed', message: 'Email not confirmed' })).toBe(
      'You have to confirm your email address before continuing.',
    );
  });

  it('passes other errors through', () => {
    expect(signInErrorMessage({ code: 'over_request_rate_limit', message: 'Too many requests' })).toBe(
      'Too many requests',
    );
    expect(signInErrorMessage({ message: 'Failed to fetch' })).toBe('Failed to fetch');
  });
});

describe('signInFailureNoticeText', () => {
  it("gives the spec's warning and lock texts for the notices, and nothing otherwise", () => {
    expect(signInFailureNoticeText('last_attempt')).toBe('You have one more attempt before your account is locked.');
    expect(signInFailureNoticeText('locked')).toBe('Your account is locked.');
    expect(signInFailureNoticeText(null)).toBeNull();
    expect(signInFailureNoticeText('Your account is locked.')).toBeNull();
  });
});

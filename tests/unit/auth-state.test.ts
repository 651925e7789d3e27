import { afterEach, describe, expect, it } from 'vitest';
import {
  getRecoveryState,
  initPasswordRecovery,
  recoveryEnded,
  recoveryNotStarted,
  recoveryStarted,
} from '../../src/features/auth/password-recovery.ts';
import {
  consumeSessionExpired,
  expectSignOut,
  recordSignedIn,
  recordSignedOut,
  signOutFailed,
} from '../../src/features/auth/session-end.ts';
import { signInErrorMessage } from '../../src/features/auth/sign-in-error-message.ts';
import { passwordMessages, signInMessages } from '../../src/features/auth/sign-in-messages.ts';

describe('how a session ended', () => {
  afterEach(() => {
    consumeSessionExpired();
  });

  it('a sign-out that was asked for is not an expiry', () => {
    expectSignOut();
    expect(recordSignedOut()).toBe(false);
    expect(consumeSessionExpired()).toBe(false);
  });

  it('any other end of the session is an expiry, reported once', () => {
    expect(recordSignedOut()).toBe(true);
    expect(consumeSessionExpired()).toBe(true);
    expect(consumeSessionExpired()).toBe(false);
  });

  it('a failed sign-out leaves the next end unexpected again', () => {
    expectSignOut();
    signOutFailed();
    expect(recordSignedOut()).toBe(true);
  });

  it('a new sign-in forgets an expiry nobody was told of', () => {
    recordSignedOut();
    recordSignedIn();
    expect(consumeSessionExpired()).toBe(false);
  });
});

describe('password recovery state', () => {
  afterEach(() => recoveryEnded());

  it('is pending while supabase-js takes a recovery link, then active', () => {
    initPasswordRecovery('#access_token=abc&expires_in=3600&refresh_token=r&token_type=bearer&type=recovery');
    expect(getRecoveryState()).toEqual({ status: 'pending' });
    recoveryStarted('u-1');
    expect(getRecoveryState()).toEqual({ status: 'active', userId: 'u-1' });
    recoveryEnded();
    expect(getRecoveryState()).toEqual({ status: 'none' });
  });

  it('reports a used or expired link', () => {
    initPasswordRecovery(
      '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
    );
    expect(getRecoveryState()).toEqual({
      status: 'failed',
      code: 'otp_expired',
      reason: 'Email link is invalid or has expired',
    });
  });

  it('falls back to none when the session never came', () => {
    initPasswordRecovery('#type=recovery&access_token=abc');
    recoveryNotStarted();
    expect(getRecoveryState()).toEqual({ status: 'none' });
  });

  it('ignores ordinary fragments', () => {
    initPasswordRecovery('#main');
    expect(getRecoveryState()).toEqual({ status: 'none' });
  });
});

describe('sign-in texts', () => {
  it("are Devise's, character for character", () => {
    expect(signInMessages).toMatchObject({
      invalid: 'Invalid Email or password.',
      locked: 'Your account is locked.',
      lastAttempt: 'You have one more attempt before your account is locked.',
      timeout: 'Your session expired. Please sign in again to continue.',
      unauthenticated: 'You need to sign in or sign up before continuing.',
      unconfirmed: 'You have to confirm your email address before continuing.',
      alreadyAuthenticated: 'You are already signed in.',
      inactive: 'Your account is not activated yet.',
    });
    expect(passwordMessages).toEqual({
      sendInstructions: 'You will receive an email with instructions on how to reset your password in a few minutes.',
      updated: 'Your password has been changed successfully. You are now signed in.',
      noToken:
        "You can't access this page without coming from a password reset email. If you do come from a password reset email, please make sure you used the full URL provided.",
    });
  });

  it('map the refusal of an inactive account', () => {
    expect(signInErrorMessage({ status: 403, message: 'Your account is not activated yet.' })).toBe(
      'Your account is not activated yet.',
    );
    expect(signInErrorMessage({ message: 'Invalid login credentials' })).toBe('Invalid Email or password.');
  });
});

import { signInMessages } from './sign-in-messages';

/**
 * The spec's text for what `sign_in_failure_notice` answered after a failed sign-in: the warning before the
 * last attempt, the lock, or none (then the usual wrong-password text stands). Anything else reads as none.
 */
export function signInFailureNoticeText(notice: unknown): string | null {
  switch (notice) {
    case 'last_attempt':
      return signInMessages.lastAttempt;
    case 'locked':
      return signInMessages.locked;
    default:
      return null;
  }
}

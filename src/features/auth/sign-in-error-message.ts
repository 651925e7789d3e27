import { signInMessages } from './sign-in-messages';

/** GoTrue's own sentence for a wrong e-mail or password. */
const GOTRUE_INVALID_CREDENTIALS = 'Invalid login credentials';

/**
 * The spec's text for a failed password sign-in, chosen by the Auth server's error code.
 * Other texts pass through: the access-token hook refusing an inactive account answers with the
 * spec's sentence (HTTP 403). The lock-out warning and lock texts do not come from here: Auth
 * answers them like any wrong password, and `reportFailedSignIn` asks for the notice.
 */
export function signInErrorMessage(error: { code?: string; message: string; status?: number }): string {
  switch (error.code) {
    case 'invalid_credentials':
      return error.message === GOTRUE_INVALID_CREDENTIALS ? signInMessages.invalid : error.message;
    case 'user_banned':
      return signInMessages.locked;
    case 'email_not_confirmed':
      return signInMessages.unconfirmed;
    default:
      if (error.status === 403 && error.message === signInMessages.inactive) return signInMessages.inactive;
      return error.message === GOTRUE_INVALID_CREDENTIALS ? signInMessages.invalid : error.message;
  }
}

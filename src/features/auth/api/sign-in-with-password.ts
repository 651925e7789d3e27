import { loadAuth } from '@/shared/supabase/client';
import { signInErrorMessage } from '../sign-in-error-message';
import { signInMessages } from '../sign-in-messages';
import { reportFailedSignIn } from './report-failed-sign-in';

/** A refused sign-in, carrying the spec's text for the page to show. */
export class SignInRefused extends Error {}

/**
 * Signs in with e-mail and password; a refusal throws `SignInRefused` with the spec's text. The page reacts to
 * the session arriving in the cache, not to this call.
 */
export async function signInWithPassword(email: string, password: string): Promise<void> {
  // Empty fields get Devise's answer, never the Auth server's "missing email or phone".
  if (email.trim() === '' || password === '') throw new SignInRefused(signInMessages.invalid);
  const { error } = await (await loadAuth()).signInWithPassword({ email: email.trim(), password });
  if (!error) return;
  // Auth answers a wrong password, a lock and an unknown address alike; the database counts the attempts
  // per address and says when the warning or the lock notice is due.
  const notice = error.code === 'invalid_credentials' ? await reportFailedSignIn(email.trim()) : null;
  throw new SignInRefused(notice ?? signInErrorMessage(error));
}

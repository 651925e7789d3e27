import { supabase } from '@/shared/supabase/client';
import { signInFailureNoticeText } from '../sign-in-failure-notice';

/**
 * Tells the database that a password sign-in for `email` failed and returns the spec's warning or lock text
 * when one is due. Auth answers a wrong password, a lock and an unknown address alike (so it does not show
 * who has an account); this count runs for every address the same way. Null when no notice is due or the
 * call failed: the wrong-password text is then the right thing to show.
 */
export async function reportFailedSignIn(email: string): Promise<string | null> {
  const { data, error } = await supabase.rpc('sign_in_failure_notice', { email });
  return error ? null : signInFailureNoticeText(data);
}

import { AuthError, type SignInWithPasswordCredentials, type SupabaseClient } from '@supabase/supabase-js';
import { supabase } from '@/shared/supabase/client';
import { signInErrorMessage } from '../sign-in-error-message';
import { signInMessages } from '../sign-in-messages';
import { reportFailedSignIn } from './report-failed-sign-in';

function isBlankSignIn(credentials: SignInWithPasswordCredentials): boolean {
  const id = 'email' in credentials ? credentials.email : credentials.phone;
  return (id ?? '').trim() === '' || credentials.password === '';
}

type AuthClient = SupabaseClient['auth'];
type Listener = () => void;

/** The spec's text for the last failed sign-in, for the page to announce; empty after a success. */
export const signInErrorStore = (() => {
  let message = '';
  const listeners = new Set<Listener>();
  return {
    get: () => message,
    set(next: string) {
      message = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
})();

/**
 * The Supabase client as the Auth UI form sees it: the same client (one session, one set of events),
 * but a password sign-in error's spec text goes to the page's alert (the one place it is shown).
 */
function withSpecSignInErrors<Client extends { auth: AuthClient }>(client: Client): Client {
  const signInWithPassword: AuthClient['signInWithPassword'] = async (credentials) => {
    // Empty fields: Devise's answer, not the Auth server's "missing email or phone".
    if (isBlankSignIn(credentials)) {
      signInErrorStore.set(signInMessages.invalid);
      const error = new AuthError('', 400, 'invalid_credentials');
      return { data: { user: null, session: null }, error } as Awaited<ReturnType<AuthClient['signInWithPassword']>>;
    }
    const result = await client.auth.signInWithPassword(credentials);
    // A wrong password (or a lock, or an unknown address: Auth answers all alike) may be due the warning or
    // lock notice, which the database counts per address and source.
    const notice =
      result.error?.code === 'invalid_credentials' && 'email' in credentials && credentials.email
        ? await reportFailedSignIn(credentials.email)
        : null;
    signInErrorStore.set(result.error ? (notice ?? signInErrorMessage(result.error)) : '');
    // The page's alert carries the text; an empty message keeps Auth UI from showing it a second time.
    if (result.error) result.error.message = '';
    return result;
  };
  const auth = new Proxy(client.auth, {
    get(target, property) {
      if (property === 'signInWithPassword') return signInWithPassword;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return new Proxy(client, {
    get: (target, property) => (property === 'auth' ? auth : Reflect.get(target, property, target)),
  });
}

export const signInClient = withSpecSignInErrors(supabase);

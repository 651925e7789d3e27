import type { SupabaseClient } from '@supabase/supabase-js';
import { supabase } from '@/shared/supabase/client';
import { signInErrorMessage } from '../sign-in-error-message';

type AuthClient = SupabaseClient['auth'];

/**
 * The Supabase client as seen by the Auth UI form. The form prints `error.message` verbatim,
 * so this view rewrites sign-in errors into the spec's texts; everything else is the shared
 * client itself (same session, same events).
 */
function withSpecSignInErrors<Client extends { auth: AuthClient }>(client: Client): Client {
  const signInWithPassword: AuthClient['signInWithPassword'] = async (credentials) => {
    const result = await client.auth.signInWithPassword(credentials);
    if (result.error) result.error.message = signInErrorMessage(result.error);
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

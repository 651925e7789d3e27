import type { SupabaseClient } from '@supabase/supabase-js';
import { supabase } from '@/shared/supabase/client';
import { signInErrorMessage } from '../sign-in-error-message';

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
 * but password sign-in errors carry the spec's texts, and the last one is kept for the page's alert.
 */
function withSpecSignInErrors<Client extends { auth: AuthClient }>(client: Client): Client {
  const signInWithPassword: AuthClient['signInWithPassword'] = async (credentials) => {
    const result = await client.auth.signInWithPassword(credentials);
    if (result.error) result.error.message = signInErrorMessage(result.error);
    signInErrorStore.set(result.error?.message ?? '');
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

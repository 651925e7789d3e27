import type { RealtimeClient } from '@supabase/realtime-js';
import { accessToken, realtimeEndpoint, whenAuthLoads } from './client';

let loading: Promise<RealtimeClient> | undefined;

/**
 * The Realtime client, loaded and connected on first use (the first live screen), so no page waits for it
 * before its first row. Its socket carries the user's token and follows sign-in, refresh and sign-out as
 * supabase-js's own client does.
 */
export function realtimeClient(): Promise<RealtimeClient> {
  loading ??= import('@supabase/realtime-js').then(({ RealtimeClient }) => {
    const realtime = new RealtimeClient(realtimeEndpoint.url, {
      params: { apikey: realtimeEndpoint.apiKey },
      accessToken,
    });
    let token: string | undefined;
    // Anonymous pages (tracking) never load the auth client; a signed-in one follows its events.
    whenAuthLoads((auth) =>
      auth.onAuthStateChange((event, session) => {
        if ((event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED') && session && session.access_token !== token) {
          token = session.access_token;
          void realtime.setAuth(token);
        } else if (event === 'SIGNED_OUT') {
          token = undefined;
          void realtime.setAuth();
        }
      }),
    );
    return realtime;
  });
  return loading;
}

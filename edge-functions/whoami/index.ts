// Tells the caller who Supabase Auth says they are; proves a function can act with the caller's JWT.
import { createClient } from 'npm:@supabase/supabase-js@2.109.0';
import { json, preflight } from '../_shared/cors.ts';

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;

  const authorization = req.headers.get('Authorization');
  const token = authorization?.match(/^Bearer (.+)$/)?.[1];
  if (!token) return json({ error: 'Missing authorization header' }, 401);

  const supabase = createClient(Deno.env.get('SUPABASE_URL') ?? '', Deno.env.get('SUPABASE_ANON_KEY') ?? '', {
    global: { headers: { Authorization: authorization ?? '' } },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  // An API key (anon or service_role) is a valid JWT but names no user: Auth refuses it, and so do we.
  const { data, error } = await supabase.auth.getUser(token);
  if (error || !data.user) return json({ error: 'Not signed in' }, 401);
  return json({ id: data.user.id, email: data.user.email ?? null });
});

// "Forgot password" (admin-core, the password request page): anon calls it with the anon key.
// `POST { email, redirect_to }` → `200 {}` for every address, known or not. Auth's own /recover tells them apart
// (a second request for a real account within its interval answers 429, an unknown one always 200), so the page
// asks this function instead: it counts the call with the public limiter (per caller IP and per address, whether
// or not the address has an account), answers at once, and hands the request to Auth after the answer, so
// neither Auth's status nor the time it takes to send the mail reaches the caller.
// Answers: 200 {} (sent, or nothing to send), 422 field errors (not an e-mail address), 429 rate_limited.
import { z } from 'npm:zod@4.6.7';
import { json, preflight } from '../_shared/cors.ts';
import { parseJsonBody } from '../_shared/body.ts';
import { requiredEnv } from '../_shared/env.ts';
import { failure } from '../_shared/http.ts';
import { callerIp, takePublicCall } from '../_shared/public-limiter.ts';
import { serviceClient } from '../_shared/supabase-clients.ts';

const Body = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(320)
    .pipe(z.email({ error: 'is invalid' })),
  redirect_to: z.url({ error: 'is invalid' }).max(2000),
});

/** Asks Auth to mail the recovery link; its answer is logged, never passed on (it differs by account). */
async function askAuth(email: string, redirectTo: string, ip: string | null): Promise<void> {
  try {
    const url = new URL(`${requiredEnv('SUPABASE_URL')}/auth/v1/recover`);
    url.searchParams.set('redirect_to', redirectTo);
    const anonKey = requiredEnv('SUPABASE_ANON_KEY');
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        apikey: anonKey,
        authorization: `Bearer ${anonKey}`,
        'content-type': 'application/json',
        // Auth's per-IP limits then count the caller, not this function.
        ...(ip ? { 'x-forwarded-for': ip } : {}),
      },
      body: JSON.stringify({ email }),
    });
    await response.body?.cancel();
    if (response.status >= 500) console.error(`password-recovery: Auth answered ${response.status}`);
  } catch (error) {
    console.error(`password-recovery: Auth unreachable: ${(error as Error).message}`);
  }
}

/** What the page shows over the limit (the form shows full_errors). */
const TOO_MANY = 'Too many requests. Please try again later.';

declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void } | undefined;

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return failure(405, 'Method not allowed');
  const parsed = await parseJsonBody(req, Body);
  if (!parsed.ok) return parsed.response;
  const { email, redirect_to: redirectTo } = parsed.data;
  if (!(await takePublicCall(serviceClient(), 'password_recovery', req, email))) {
    // The same for every address: the limiter counts the address whether or not it has an account.
    return json({ error: 'rate_limited', errors: {}, full_errors: [TOO_MANY] }, 429);
  }
  const sent = askAuth(email, redirectTo, callerIp(req));
  // Hosted: keep the worker alive for the request to Auth; the local runtime's worker keeps running anyway.
  if (typeof EdgeRuntime !== 'undefined') EdgeRuntime.waitUntil(sent);
  return json({});
});

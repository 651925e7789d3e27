// Liveness probe for the functions runtime; public (verify_jwt = false), used by the contract tests and cron.
import { json, preflight } from '../_shared/cors.ts';

Deno.serve((req) => preflight(req) ?? json({ ok: true, time: new Date().toISOString() }));

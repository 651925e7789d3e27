// Audit of mutations made by functions: `public.audit_function_call` writes one user_http_requests row. It is
// called after the mutation succeeded; a failing audit is logged, never turned into a failed request (the
// change is already made), and while the function does not exist yet the call is a logged no-op.
import type { Caller } from './caller.ts';

const SECRET_KEYS = /password|token|secret/i;

/** The parameters with secrets replaced, as the audit log stores them. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, v]) => [
        key,
        SECRET_KEYS.test(key) ? '[FILTERED]' : redact(v),
      ]),
    );
  }
  return value;
}

export async function auditFunctionCall(
  caller: Caller,
  entry: { controller: string; action: string; params: unknown; status: number },
): Promise<void> {
  const { error } = await caller.service.rpc('audit_function_call', {
    p_tenant_id: caller.tenant.id,
    p_url: caller.request.url,
    p_controller: entry.controller,
    p_action: entry.action,
    p_params: redact(entry.params) ?? {},
    p_status: entry.status,
    p_method: caller.request.method,
    p_referer: caller.request.referer,
    // The service role names no user; the audit row is about the caller the function acted for.
    p_user_id: caller.userId,
  });
  if (!error) return;
  if (error.code === 'PGRST202' || error.code === '42883') {
    console.warn(`audit skipped: public.audit_function_call does not exist yet (${entry.controller}.${entry.action})`);
  } else {
    console.error(`audit failed for ${entry.controller}.${entry.action}: ${error.message}`);
  }
}

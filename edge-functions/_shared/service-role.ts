// Functions run by the platform (pg_cron, trusted integrations) with the service role key; nobody else may call them.
// The gateway has already verified the JWT's signature (verify_jwt = true), so its role claim can be read as it is.
export function isServiceRole(authorization: string | null): boolean {
  const token = authorization?.match(/^Bearer (.+)$/)?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return false;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { role?: unknown };
    return claims.role === 'service_role';
  } catch {
    return false;
  }
}

import type { AuditUser } from './api/audit-users';

/** `Ada Lovelace`, or the e-mail when the profile has no name, or '' for a system write. */
export function auditUserName(user: AuditUser | null): string {
  if (!user) return '';
  const name = `${user.first_name} ${user.last_name}`.trim();
  return name || user.email;
}

/** The request's params as the detail page shows them: indented JSON. */
export function prettyParams(params: unknown): string {
  return JSON.stringify(params ?? {}, null, 2);
}

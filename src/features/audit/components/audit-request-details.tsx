import { formatDateTime } from '@/shared/dates/date-time-text';
import type { AuditRequest } from '../api/get-audit-request';
import { auditUserName, prettyParams } from '../audit-user-text';
import '../audit.css';

/** Everything recorded about one request, params as indented JSON. */
export function AuditRequestDetails({
  request,
  tenant,
}: {
  request: AuditRequest;
  tenant: { slug: string; time_zone: string };
}) {
  const items: [string, string][] = [
    ['Performed at', formatDateTime(request.performed_at, tenant.time_zone)],
    ['User', auditUserName(request.user)],
    ['Email', request.user?.email ?? ''],
    ['Role', request.user?.role ?? ''],
    ['Url', request.url],
    ['Referer', request.referer ?? ''],
    ['Format', request.format],
    ['Tenant', tenant.slug],
    ['Controller', request.controller],
    ['Action', request.action],
    ['Status', String(request.status)],
    ['Method', request.method],
  ];
  return (
    <div className="audit-details">
      <dl className="audit-details__list">
        {items.map(([label, value]) => (
          <div key={label} className="audit-details__item">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2>Params</h2>
      <pre className="audit-details__params" tabIndex={0} aria-label="Params">
        {prettyParams(request.params)}
      </pre>
    </div>
  );
}

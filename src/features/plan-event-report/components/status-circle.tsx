import { statusColours, statusLabels, type ReportStatus } from '../report-status';

/** A stop's status circle, in the colour its marker has on the map. */
export function StatusCircle({ status }: { status: ReportStatus }) {
  return (
    <span
      className="plan-event-report__circle"
      role="img"
      aria-label={statusLabels[status]}
      style={{ backgroundColor: statusColours[status] }}
    />
  );
}

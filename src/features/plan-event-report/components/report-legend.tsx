import { reportStatuses, statusColours, statusLabels } from '../report-status';
import { StatusCircle } from './status-circle';

/** What the colours of the markers and circles mean. */
export function ReportLegend() {
  return (
    <ul className="plan-event-report__legend" aria-label="Legend">
      {reportStatuses.map((status) => (
        <li key={status} data-status={status} data-colour={statusColours[status]}>
          <StatusCircle status={status} /> {statusLabels[status]}
        </li>
      ))}
    </ul>
  );
}

import type { ReportStop } from '../api/plan-event-report';
import { clockTime, durationText } from '../report-format';
import { StatusCircle } from './status-circle';

export interface ReportStopListProps {
  stops: ReportStop[];
  timeZone: string;
  onPick: (stop: ReportStop) => void;
}

/** The sidebar: every stop in order with its status circle, planned and actual times, and subscribers. */
export function ReportStopList({ stops, timeZone, onPick }: ReportStopListProps) {
  if (stops.length === 0) return <p className="plan-event-report__empty">This plan event has no stops.</p>;
  return (
    <ol className="plan-event-report__stops" aria-label="Stops">
      {stops.map((stop) => {
        const arrived = clockTime(stop.actual_arrival_time, timeZone);
        const planned = clockTime(stop.original_estimate, timeZone);
        const estimate = clockTime(stop.estimate, timeZone);
        const duration = durationText(stop.duration_seconds);
        return (
          <li key={stop.id} data-status={stop.status}>
            <button type="button" onClick={() => onPick(stop)} disabled={stop.lat === null || stop.lng === null}>
              <StatusCircle status={stop.status} />
              <span className="plan-event-report__stop-text">
                <strong>
                  {stop.position}. {stop.address ?? 'No address'}
                </strong>
                <span>
                  {planned && `Planned ${planned}`}
                  {estimate && estimate !== planned && ` · Estimate ${estimate}`}
                  {arrived && ` · Arrived ${arrived}`}
                  {duration && ` · Stayed ${duration}`}
                  {stop.subscribers > 0 &&
                    ` · ${stop.subscribers} SMS ${stop.subscribers === 1 ? 'subscriber' : 'subscribers'}`}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}

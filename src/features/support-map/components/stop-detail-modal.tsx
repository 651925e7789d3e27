import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { errorSentence } from '@/shared/errors/error-sentence';
import { nextEventsQueryOptions } from '../api/next-events';
import type { SupportMapStop } from '../api/support-map-stops';
import { longDate } from '../marker-text';

export interface StopDetailModalProps {
  tenantSlug: string;
  stop: SupportMapStop;
  onClose: () => void;
}

const planEventHref = (tenantSlug: string, depoId: number, planEventId: number) =>
  `/${tenantSlug}/depo/${depoId}/plan_events/${planEventId}`;

/** A stop's details for support staff: when, where, who drives which car, and the next plan events. */
export function StopDetailModal({ tenantSlug, stop, onClose }: StopDetailModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [showNext, setShowNext] = useState(false);
  const next = useQuery({ ...nextEventsQueryOptions(tenantSlug, stop.id), enabled: showNext });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  const rows: Array<[string, string | null]> = [
    ['Address', stop.address],
    ['Depo', stop.depo_name],
    ['Route', stop.route_name],
    ['Driver', stop.driver_name],
    ['Phone', stop.phone],
    ['License number', stop.license_number],
  ];
  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog support-map__modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        {longDate(stop.arrival_date)}
      </h2>
      <dl className="support-map__details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || '–'}</dd>
          </div>
        ))}
      </dl>
      <p>
        <a href={planEventHref(tenantSlug, stop.depo_id, stop.plan_event_id)} target="_blank" rel="noopener noreferrer">
          Go to route
        </a>
      </p>
      {!showNext && (
        <button type="button" className="button" onClick={() => setShowNext(true)}>
          Show Next Plan Events
        </button>
      )}
      {showNext && (
        <section aria-label="Next plan events">
          {next.isPending && <p>Loading…</p>}
          {next.isError && <p role="alert">{errorSentence(next.error)}</p>}
          {next.data && next.data.length === 0 && <p>No next plan events</p>}
          {next.data && next.data.length > 0 && (
            <ul className="support-map__next">
              {next.data.map((event) => (
                <li key={event.id}>
                  <a
                    href={planEventHref(tenantSlug, event.depo_id, event.id)}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {event.route_name} – {longDate(event.date)}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <div className="confirm-dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}

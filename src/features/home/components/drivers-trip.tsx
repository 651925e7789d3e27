import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatTimeOfDay } from '@/shared/dates/date-time-text';
import { driversTripsQueryOptions, type DriversTrip } from '../api/drivers-trips';
import '../home.css';

export interface DriversTripSectionProps {
  tenant: { slug: string; time_zone: string };
  userId: string;
}

/** How many of the stops still to come the home page lists. */
const NEXT_STOPS = 3;

/** A driver's home: today's trip (route, car, the next stops) and the link to its plan-event report. */
export function DriversTripSection({ tenant, userId }: DriversTripSectionProps) {
  const trips = useQuery(driversTripsQueryOptions(tenant, userId));
  return (
    <section className="drivers-trip" aria-labelledby="drivers-trip-title">
      <h2 id="drivers-trip-title">Your trip today</h2>
      {trips.isError && <p role="alert">Your trip could not be loaded.</p>}
      {trips.data?.length === 0 && <p className="muted">No trip is planned for you today.</p>}
      {trips.data?.map((trip) => (
        <Trip key={trip.id} trip={trip} tenant={tenant} />
      ))}
    </section>
  );
}

function Trip({ trip, tenant }: { trip: DriversTrip; tenant: DriversTripSectionProps['tenant'] }) {
  // A skipped stop (point_visited false) is behind the truck like a visited one: only unreached stops are next.
  const next = trip.stops.filter((stop) => stop.point_visited === null).slice(0, NEXT_STOPS);
  return (
    <article className="drivers-trip__trip" aria-label={`Trip ${trip.route?.name ?? trip.id}`}>
      <p>
        <strong>{trip.route?.name ?? 'Route'}</strong>
        {trip.car ? ` · car ${trip.car.internal_number}` : ''} · {trip.stops.length} stops
        {trip.started_at ? '' : ' · not started'}
      </p>
      {next.length > 0 ? (
        <>
          <h3>Next stops</h3>
          <ol className="drivers-trip__stops">
            {next.map((stop) => (
              <li key={stop.id}>
                #{stop.position} {stop.address ?? ''}
                {stop.google_estimate_time ? ` · ${formatTimeOfDay(stop.google_estimate_time, tenant.time_zone)}` : ''}
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className="muted">Every stop is passed.</p>
      )}
      <Link
        to="/$tenant/depo/$depoId/plan_events/$planEventId"
        params={{ tenant: tenant.slug, depoId: trip.depo_id, planEventId: trip.id }}
      >
        Open the trip report
      </Link>
    </article>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatTimeOfDay } from '@/shared/dates/date-time-text';
import { planningDashboardQueryOptions, type PlannedRoute, type SmsStop } from '../api/planning-dashboard';
import '../home.css';

export interface PlanningSectionProps {
  tenant: { slug: string; time_zone: string };
  depoId: number;
}

/**
 * The route catalogue's dashboard as the home page's planning section (inventory-public-support §2.6): today's
 * plan-event routes with and without a quota, and the stops whose SMS were made and not made yet.
 */
export function PlanningSection({ tenant, depoId }: PlanningSectionProps) {
  const dashboard = useQuery(planningDashboardQueryOptions(tenant.slug, depoId));
  const routes = dashboard.data?.routes ?? [];
  const stops = dashboard.data?.sms_stops ?? [];
  const report = (planEventId: number, text: ReactNode) => (
    <Link to="/$tenant/depo/$depoId/plan_events/$planEventId" params={{ tenant: tenant.slug, depoId, planEventId }}>
      {text}
    </Link>
  );
  const routeItem = (route: PlannedRoute) => (
    <li key={route.plan_event_id}>
      {report(route.plan_event_id, route.route_name)}
      <span className="muted">
        {' '}
        · {route.car_internal_number}
        {route.driver_name ? ` · ${route.driver_name}` : ''} · {route.visited_stops}/{route.planned_stops} stops
        {route.quota > 0 ? ` · quota ${route.quota}` : ''}
      </span>
    </li>
  );
  const stopItem = (stop: SmsStop) => (
    <li key={stop.stop_id}>
      {report(stop.plan_event_id, `${stop.route_name} #${stop.position}`)} {stop.address ?? ''}
      <span className="muted">
        {' '}
        · {formatTimeOfDay(stop.estimate, tenant.time_zone)} · {stop.sent}/{stop.receivers} sent
        {stop.skipped > 0 ? ` · ${stop.skipped} skipped` : ''}
      </span>
    </li>
  );
  return (
    <section className="planning" aria-labelledby="planning-title">
      <h2 id="planning-title">Planning today</h2>
      {dashboard.isError && <p role="alert">The planning could not be loaded.</p>}
      <div className="planning__lists" aria-busy={dashboard.isPending}>
        <PlanningList title="Plan event routes with quota" items={routes.filter((r) => r.quota > 0).map(routeItem)} />
        <PlanningList
          title="Plan event routes without quota"
          items={routes.filter((r) => r.quota <= 0).map(routeItem)}
        />
        <PlanningList title="SMS stops made" items={stops.filter((s) => s.sent > 0).map(stopItem)} />
        <PlanningList title="SMS stops not made" items={stops.filter((s) => s.sent === 0).map(stopItem)} />
      </div>
    </section>
  );
}

function PlanningList({ title, items }: { title: string; items: ReactNode[] }) {
  return (
    <section className="planning__list" aria-label={title}>
      <h3>
        {title} ({items.length})
      </h3>
      {items.length > 0 ? <ul>{items}</ul> : <p className="muted">None today.</p>}
    </section>
  );
}

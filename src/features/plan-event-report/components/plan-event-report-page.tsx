import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import type { MapHandle } from '@/shared/map/map-handle';
import { tenantMapDefaults, type TenantMapRegion } from '@/shared/map/tenant-map-defaults';
import { formatTenantDate } from '@/shared/format/tenant-date';
import { liveTopics } from '@/shared/realtime/live-topics';
import { useLiveInvalidation } from '@/shared/realtime/use-live-invalidation';
import type { AppRole } from '@/shared/vocabulary/staff-vocabulary';
import { planEventReportKey, type PlanEventReport, type ReportStop } from '../api/plan-event-report';
import { useLiveTruck } from '../live/use-live-truck';
import { revenueText } from '../report-format';
import { ReportLegend } from './report-legend';
import { ReportMenu } from './report-menu';
import { ReportStopList } from './report-stop-list';
import '../plan-event-report.css';

const ReportMap = lazy(() => import('./report-map'));

/** Zoom on a stop picked in the list (spec §9: a single stop at level 15). */
const STOP_ZOOM = 15;

/** What the page needs of the tenant row. */
export interface ReportTenant extends TenantMapRegion {
  slug: string;
  locale: string;
  time_zone: string;
  date_format: string;
}

export interface PlanEventReportPageProps {
  tenant: ReportTenant;
  role: AppRole;
  report: PlanEventReport;
}

/** The plan-event report (spec §2 "/plan_events/{id}"): the trip's header, its stops on a map and in a list, live. */
export function PlanEventReportPage({ tenant, role, report }: PlanEventReportPageProps) {
  const { plan_event: planEvent, stops } = report;
  const mapRef = useRef<MapHandle>(null);
  const root = useRef<HTMLElement>(null);
  // The car's last known place belongs on the map only while this trip is under way (after it, the car is elsewhere).
  const lastKnown = useMemo(
    () =>
      planEvent.on_road && planEvent.car_lat !== null && planEvent.car_lng !== null
        ? { lat: planEvent.car_lat, lng: planEvent.car_lng, heading: null, recordedAt: planEvent.car_located_at }
        : null,
    [planEvent.on_road, planEvent.car_lat, planEvent.car_lng, planEvent.car_located_at],
  );
  const reportKey = useMemo(
    () => planEventReportKey(tenant.slug, planEvent.depo_id, planEvent.id),
    [tenant.slug, planEvent.depo_id, planEvent.id],
  );
  // Another user's conversion or Stop SMS shows here at once (migration 20261128030100_plan_event_report_live.sql).
  useLiveInvalidation(liveTopics.depo(planEvent.depo_id, `plan_event_report:${planEvent.id}`), reportKey);
  const truck = useLiveTruck({
    depoId: planEvent.depo_id,
    carId: planEvent.car_id,
    onRoad: planEvent.on_road,
    lastKnown,
    reportKey,
  });
  const initialView = useMemo(() => tenantMapDefaults(tenant), [tenant]);

  // Where the truck is, on the page's box: for people's tools and the tests, without a render per fix.
  useEffect(() => {
    const show = () => {
      const fix = truck.get();
      if (fix) root.current?.setAttribute('data-truck-position', `${fix.lat.toFixed(6)},${fix.lng.toFixed(6)}`);
    };
    show();
    return truck.subscribe(show);
  }, [truck]);

  const pick = (stop: ReportStop) => {
    if (stop.lat !== null && stop.lng !== null) mapRef.current?.flyTo([stop.lng, stop.lat], STOP_ZOOM);
  };
  const canOpenRoutes = role === 'admin' || role === 'depo_admin';

  return (
    <section ref={root} className="plan-event-report" data-on-road={String(planEvent.on_road)}>
      <header className="plan-event-report__head">
        <h1>Plan event report</h1>
        <dl className="plan-event-report__facts">
          <div>
            <dt>Date</dt>
            <dd>{formatTenantDate(planEvent.date, tenant.date_format)}</dd>
          </div>
          <div>
            <dt>Route</dt>
            <dd>{planEvent.route_name}</dd>
          </div>
          <div>
            <dt>Driver</dt>
            <dd>{planEvent.driver_name ?? planEvent.driver_email ?? ''}</dd>
          </div>
          <div>
            <dt>Car</dt>
            <dd>{planEvent.car_internal_number}</dd>
          </div>
          {planEvent.revenue !== null && (
            <div>
              <dt>Revenue</dt>
              <dd>{revenueText(planEvent.revenue, tenant.locale)}</dd>
            </div>
          )}
          {planEvent.on_road && (
            <div>
              <dt>Status</dt>
              <dd>{planEvent.car_not_moving ? 'On the road, not moving' : 'On the road'}</dd>
            </div>
          )}
        </dl>
        {planEvent.converted_route_id !== null && (
          <p className="plan-event-report__chip">
            Converted to route{' '}
            {canOpenRoutes ? (
              <Link
                to="/$tenant/depo/$depoId/route/$routeId/route_points"
                params={{ tenant: tenant.slug, depoId: planEvent.depo_id, routeId: planEvent.converted_route_id }}
              >
                {planEvent.converted_route_name ?? `#${planEvent.converted_route_id}`}
              </Link>
            ) : (
              <span>{planEvent.converted_route_name ?? `#${planEvent.converted_route_id}`}</span>
            )}
          </p>
        )}
        <Link
          to="/$tenant/depo/$depoId/plan_events/$planEventId/sms_customers"
          params={{ tenant: tenant.slug, depoId: planEvent.depo_id, planEventId: planEvent.id }}
        >
          SMS customers
        </Link>
        <ReportMenu slug={tenant.slug} role={role} planEvent={planEvent} />
      </header>
      <div className="plan-event-report__body">
        <aside className="plan-event-report__side">
          <ReportLegend />
          <ReportStopList stops={stops} timeZone={tenant.time_zone} onPick={pick} />
        </aside>
        <Suspense fallback={<div className="plan-event-report__map plan-event-report__map--loading">Loading map…</div>}>
          <ReportMap ref={mapRef} stops={stops} trail={planEvent.trail} truck={truck} initialView={initialView} />
        </Suspense>
      </div>
    </section>
  );
}

import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useMemo, useState } from 'react';
import { formatKroner } from '@/shared/format/money';
import { formatTenantDate } from '@/shared/format/tenant-date';
import { tenantMapDefaults, type TenantMapRegion } from '@/shared/map/tenant-map-defaults';
import type { HeatMapData } from '../api/heat-map';
import {
  defaultHeatMapLayers,
  heatMapLayerLabels,
  heatMapLayers,
  toggleLayer,
  type HeatMapLayer,
} from '../heat-map-layers';
import '../heat-map.css';

const HeatMapView = lazy(() => import('./heat-map-view'));

export interface HeatMapTenant extends TenantMapRegion {
  slug: string;
  locale: string;
  date_format: string;
}

/** The heat map of a plan event (spec §2 "/plan_events/{id}/heat_map"): its route's history as revenue, visits and pins. */
export function HeatMapPage({ tenant, heatMap }: { tenant: HeatMapTenant; heatMap: HeatMapData }) {
  const { plan_event: planEvent, events, points } = heatMap;
  const [shown, setShown] = useState<ReadonlySet<HeatMapLayer>>(defaultHeatMapLayers);
  const initialView = useMemo(() => tenantMapDefaults(tenant), [tenant]);
  const revenue = useMemo(() => points.reduce((sum, p) => sum + p.revenue, 0), [points]);
  const date = (iso: string) => formatTenantDate(iso, tenant.date_format);

  return (
    <section className="heat-map">
      <header className="heat-map__head">
        <h1>Heat map</h1>
        <dl className="heat-map__facts">
          <div>
            <dt>Route</dt>
            <dd>{planEvent.route_name}</dd>
          </div>
          <div>
            <dt>Period</dt>
            <dd>
              {date(planEvent.from)} – {date(planEvent.date)}
            </dd>
          </div>
          <div>
            <dt>Plan events</dt>
            <dd>{events.length}</dd>
          </div>
          <div>
            <dt>Revenue</dt>
            <dd>{formatKroner(revenue, tenant.locale)}</dd>
          </div>
        </dl>
        <Link
          to="/$tenant/depo/$depoId/plan_events/$planEventId"
          params={{ tenant: tenant.slug, depoId: planEvent.depo_id, planEventId: planEvent.id }}
        >
          Back to the plan event
        </Link>
      </header>
      <fieldset className="heat-map__layers">
        <legend>Layers</legend>
        {heatMapLayers.map((layer) => (
          <label key={layer}>
            <input
              type="checkbox"
              checked={shown.has(layer)}
              onChange={() => setShown((current) => toggleLayer(current, layer))}
            />
            {heatMapLayerLabels[layer]}
          </label>
        ))}
      </fieldset>
      {points.length === 0 && <p className="muted">No stops in this route's history.</p>}
      <Suspense fallback={<div className="heat-map__map heat-map__map--loading">Loading map…</div>}>
        <HeatMapView points={points} shown={shown} initialView={initialView} />
      </Suspense>
      <details className="heat-map__events">
        <summary>Historical plan events ({events.length})</summary>
        <ul>
          {events.map((event) => (
            <li key={event.id}>
              <Link
                to="/$tenant/depo/$depoId/plan_events/$planEventId"
                params={{ tenant: tenant.slug, depoId: planEvent.depo_id, planEventId: event.id }}
              >
                {date(event.date)}
              </Link>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}

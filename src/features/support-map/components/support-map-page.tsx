import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { tenantMapDefaults, type TenantMapRegion } from '@/shared/map/tenant-map-defaults';
import type { AppRole } from '@/shared/vocabulary/staff-vocabulary';
import type { MapHandle } from '@/shared/map/map-handle';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { AddressSearch, type AddressResult } from '@/shared/ui/address-search/address-search';
import { webUrl } from '@/shared/routing/web-url';
import { searchSupportAddresses } from '../api/search-address';
import { geocodeErrorText, NO_RESULTS_FOUND } from '../geocode-error-text';
import { supportMapStopsQueryOptions, type DayFilter, type SupportMapStop } from '../api/support-map-stops';
import { intlLocale, markerLabel } from '../marker-text';
import { DaySwitch } from './day-switch';
import { StopDetailModal } from './stop-detail-modal';
import '../support-map.css';

const StopsMap = lazy(() => import('./stops-map'));

/** Zoom on a clicked marker, and padding when fitting the stops (spec §9). */
const STOP_ZOOM = 14;
const FIT_PADDING = 25;
/** How many of the nearest stops the map fits around a searched address. */
const FIT_NEAREST = 6;

/** What the page needs of the tenant row. */
export interface SupportMapTenant extends TenantMapRegion {
  slug: string;
  name: string;
  locale: string;
  time_zone: string;
  address_provider: string;
  brand_homepage_url: string | null;
  brand_logo_url: string | null;
}

export interface SupportMapPageProps {
  tenant: SupportMapTenant;
  role: AppRole;
}

/** The customer-support stop map (spec §2.4): stops near an address, by day, with their details. */
export function SupportMapPage({ tenant, role }: SupportMapPageProps) {
  const isSupport = role === 'support';
  const initialView = useMemo(() => tenantMapDefaults(tenant), [tenant]);
  const [place, setPlace] = useState<{ lng: number; lat: number; name: string } | null>(null);
  const [filter, setFilter] = useState<DayFilter>({ kind: 'all' });
  const [selected, setSelected] = useState<SupportMapStop | null>(null);
  const mapRef = useRef<MapHandle>(null);
  const fitPending = useRef(false);
  const homepage = webUrl(tenant.brand_homepage_url);
  const logo = webUrl(tenant.brand_logo_url);

  const near = place ?? { lat: initialView.latitude, lng: initialView.longitude };
  const stops = useQuery({
    ...supportMapStopsQueryOptions(tenant.slug, { lat: near.lat, lng: near.lng, filter }),
    placeholderData: (previous) => previous,
  });
  useFlashOnError(stops.error);

  const locale = intlLocale(tenant.locale);
  const labelOf = useCallback(
    (stop: SupportMapStop) => markerLabel(stop, tenant.time_zone, locale),
    [tenant.time_zone, locale],
  );

  // After a search, fit the address and its nearest stops once they arrive.
  useEffect(() => {
    if (!fitPending.current || !place || stops.isPlaceholderData || !stops.data) return;
    fitPending.current = false;
    const nearest = stops.data.slice(0, FIT_NEAREST).map((stop): [number, number] => [stop.lng, stop.lat]);
    mapRef.current?.fitBounds([[place.lng, place.lat], ...nearest], { padding: FIT_PADDING, maxZoom: STOP_ZOOM });
  }, [place, stops.data, stops.isPlaceholderData]);

  const pickAddress = (hit: AddressResult) => {
    fitPending.current = true;
    setPlace({ lng: hit.center[0], lat: hit.center[1], name: hit.place_name });
  };
  const openStop = (stop: SupportMapStop) => {
    mapRef.current?.flyTo([stop.lng, stop.lat], STOP_ZOOM);
    if (isSupport) setSelected(stop);
  };

  return (
    <section className="support-map">
      <header className="support-map__bar">
        <Link className="button" to="/$tenant/admin/customers" params={{ tenant: tenant.slug }}>
          Back
        </Link>
        <h1 className="support-map__title">Customer support</h1>
        {homepage ? (
          <a className="support-map__brand" href={homepage} target="_blank" rel="noopener noreferrer">
            {logo ? <img src={logo} alt={tenant.name} /> : tenant.name}
          </a>
        ) : (
          <span className="support-map__brand">{tenant.name}</span>
        )}
      </header>
      <div className="support-map__tools">
        <AddressSearch
          className="support-map__search"
          search={(text) => searchSupportAddresses(tenant.slug, text)}
          cacheScope={`support-map:${tenant.slug}`}
          onPick={pickAddress}
          label="Search address"
          listLabel="Addresses"
          placeholder="Search address"
          noResultsText={NO_RESULTS_FOUND}
          failedText={(error) => geocodeErrorText(error, tenant.address_provider)}
        />
        <DaySwitch value={filter} onChange={setFilter} withCalendar={isSupport} timeZone={tenant.time_zone} />
        <output className="support-map__count" aria-live="polite">
          {stops.data ? `${stops.data.length} stops` : ''}
        </output>
      </div>
      <div className="support-map__frame">
        <Suspense fallback={<div className="support-map__map" aria-busy="true" />}>
          <StopsMap
            ref={mapRef}
            stops={stops.data ?? []}
            labelOf={labelOf}
            place={place}
            initialView={initialView}
            onStopClick={openStop}
          />
        </Suspense>
      </div>
      {selected && <StopDetailModal tenantSlug={tenant.slug} stop={selected} onClose={() => setSelected(null)} />}
    </section>
  );
}

import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { trackingStopQueryOptions } from '../api/tracking-queries';
import { useOwnLocation } from '../live/use-own-location';
import { useTruckFeed } from '../live/use-truck-feed';
import { loadTrackingMap } from './load-tracking-map';
import type { NearbyStop, TrackingStop } from '../model/tracking-stop';
import { visitedPositions } from '../model/visited';
import { openingPoints, stopPoints } from '../model/map-points';
// Not the map's index: this module fetches base map cells without loading the engine.
import { prefetchLocalBaseMap } from '@/shared/map/use-local-map-style';
import { prewarmWebGL } from '@/shared/map/webgl-support';
import { webUrl } from '@/shared/routing/web-url';
import { trackingTexts, type PublicLocale, type TrackingTexts } from '../texts';
import { ExpiredModal } from './expired-modal';
import { FeedbackBar } from './feedback-bar';
import { NearbyStopPopup } from './nearby-stop-popup';
import { TrackingMenu } from './tracking-menu';
import { TrackingTopBar } from './tracking-top-bar';
import { UnsubscribeModal } from './unsubscribe-modal';
import '../tracking.css';

// The map engine is a chunk of its own: the top bar shows before it arrives. Its download starts with the route
// (load-tracking-map.ts), alongside the stop's request, rather than once the stop is on screen.
const TrackingMap = lazy(loadTrackingMap);

/** The public tracking page of one stop (spec 2.3), for an optional customer. */
export function TrackingPage({
  locale,
  stopUuid,
  customerUuid,
}: {
  locale: PublicLocale;
  stopUuid: string;
  customerUuid?: string;
}) {
  const texts = trackingTexts[locale];
  const query = useQuery(trackingStopQueryOptions(stopUuid, customerUuid));

  let body;
  if (query.isPending)
    body = (
      <p className="tracking-note" role="status">
        {texts.loading}
      </p>
    );
  else if (query.isError && query.data === undefined) {
    body = (
      <div className="tracking-note" role="alert">
        <p>{texts.loadFailed}</p>
        <button type="button" className="tracking-button" onClick={() => void query.refetch()}>
          {texts.retry}
        </button>
      </div>
    );
  } else if (!query.data) body = <ExpiredModal texts={texts} locale={locale} />;
  else body = <TrackingView key={query.data.car?.id ?? 'no-truck'} texts={texts} locale={locale} stop={query.data} />;

  return (
    <div className="tracking" lang={locale === 'dk' ? 'da' : 'nb'}>
      {body}
    </div>
  );
}

function TrackingView({ texts, locale, stop }: { texts: TrackingTexts; locale: PublicLocale; stop: TrackingStop }) {
  const visited = useMemo(() => visitedPositions([stop, ...stop.nearby_points]), [stop]);
  // The live channel's code and socket wait until the map is ready (its first complete picture at rest, or no
  // WebGL): on a phone they would otherwise share the network and the main thread with that picture. The stop's
  // answer placed the truck, and polling moves it until the channel is joined.
  const [mapReady] = useState(() => {
    let ready = () => {};
    const promise = new Promise<void>((resolve) => (ready = resolve));
    return { promise, ready };
  });
  const { feed, mode } = useTruckFeed(stop.uuid, stop.car, () => mapReady.promise);
  const ownLocation = useOwnLocation(true);
  const [menuOpen, setMenuOpen] = useState(false);
  const [unsubscribing, setUnsubscribing] = useState(false);
  const [selected, setSelected] = useState<NearbyStop | null>(null);
  // Decided when the page opens: the minute's refresh after a rating must not take the thank-you away.
  const [mayRate] = useState(() => stop.customer !== null && !stop.customer.has_feedback);
  const root = useRef<HTMLDivElement>(null);
  // Only an http(s) homepage leaves the page (a stored `javascript:` would run on this origin).
  const homepage = webUrl(stop.tenant.homepage_url);
  // The base map around the stop comes while the map engine still downloads (the map asks for the same cells).
  useEffect(() => prefetchLocalBaseMap(openingPoints(stopPoints(stop), feed)), [stop, feed]);
  // So is the browser's WebGL side started (its first context is slow to make).
  useEffect(prewarmWebGL, []);
  const current = selected ? (stop.nearby_points.find((n) => n.uuid === selected.uuid) ?? selected) : null;

  // Where the truck is, on the page for tests and assistive tools, updated outside React like the map layer.
  useEffect(
    () =>
      feed.subscribe((fix) => {
        root.current?.setAttribute('data-truck-position', `${fix.lat.toFixed(6)},${fix.lng.toFixed(6)}`);
      }),
    [feed],
  );
  useEffect(() => {
    const fix = feed.get();
    if (fix) root.current?.setAttribute('data-truck-position', `${fix.lat.toFixed(6)},${fix.lng.toFixed(6)}`);
  }, [feed]);

  return (
    <div ref={root} className="tracking__view" data-truck-mode={mode}>
      <TrackingTopBar
        texts={texts}
        locale={locale}
        address={stop.address}
        estimate={stop.google_estimate_time}
        visited={visited.has(stop.position)}
        timeZone={stop.tenant.time_zone}
        onMenu={() => setMenuOpen(true)}
      />
      {menuOpen ? (
        <TrackingMenu
          texts={texts}
          locale={locale}
          shopUrl={homepage}
          canUnsubscribe={stop.customer !== null}
          onUnsubscribe={() => {
            setMenuOpen(false);
            setUnsubscribing(true);
          }}
          onClose={() => setMenuOpen(false)}
        />
      ) : null}
      <Suspense fallback={<div className="tracking-map tracking-map--loading" />}>
        <TrackingMap
          texts={texts}
          stop={stop}
          visited={visited}
          feed={feed}
          ownLocation={ownLocation}
          onSelectNearby={setSelected}
          onMapReady={mapReady.ready}
        />
      </Suspense>
      {current ? (
        <NearbyStopPopup
          texts={texts}
          locale={locale}
          stop={current}
          visited={visited.has(current.position)}
          timeZone={stop.tenant.time_zone}
          onClose={() => setSelected(null)}
        />
      ) : null}
      {mayRate && stop.customer ? (
        <FeedbackBar texts={texts} stopUuid={stop.uuid} customerUuid={stop.customer.uuid} />
      ) : null}
      {unsubscribing && stop.customer ? (
        <UnsubscribeModal
          texts={texts}
          customer={stop.customer}
          homepageUrl={homepage}
          fallbackUrl={`/${locale}`}
          onClose={() => setUnsubscribing(false)}
        />
      ) : null}
    </div>
  );
}

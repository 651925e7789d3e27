import '@/shared/config/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { TrackingPage } from '@/features/public-tracking/components/tracking-page';
import { startTrackingStopRequest } from '@/features/public-tracking/api/tracking-stop-request';
import { publicLocale } from '@/features/public-tracking/texts';
import { trackingPath } from '@/features/public-tracking/tracking-path';
import { queryClient } from '@/shared/query/query-client';
import { isUuid } from '@/shared/routing/url-values';
import { goTo } from '@/shared/routing/web-url';
import { startAuthWhenSessionStored } from '@/shared/supabase/client';
import './app/styles.css';

// The tracking page as an app of its own (tracking.html), for the address a customer opens from an SMS on a phone:
// without the router and the route tree of the whole app (about 43 KB br, a fifth of a second on slow 4G before
// the map engine has arrived). The same page is also a route of the app (src/routes/$tenant_/$stopUuid.tsx), which
// in-app links reach; a server gives this file to the tracking addresses only (dist/pages.json). Any other address
// given it (a host rewriting more than that) goes to the app's start page.

/** The page's locale, stop and customer from the address, or null when it is not a tracking address. */
function trackingAddress(location: Location) {
  if (!trackingPath.test(location.pathname)) return null;
  const [, locale = '', stop = ''] = location.pathname.split('/');
  const c = new URLSearchParams(location.search).get('c');
  return { locale: publicLocale(locale), stopUuid: stop.toLowerCase(), customerUuid: isUuid(c) ? c : undefined };
}

const address = trackingAddress(window.location);
if (address) {
  startAuthWhenSessionStored();
  startTrackingStopRequest(address.stopUuid, address.customerUuid);
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('tracking.html has no #root element');
  createRoot(rootElement).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <TrackingPage {...address} />
      </QueryClientProvider>
    </StrictMode>,
  );
} else {
  goTo('/', 'replace');
}

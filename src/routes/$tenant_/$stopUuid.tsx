import { createFileRoute, notFound } from '@tanstack/react-router';
import { TrackingLinkExpired } from '@/features/public-tracking/components/tracking-link-expired';
import { TrackingPage } from '@/features/public-tracking/components/tracking-page';
import { startTrackingStopRequest } from '@/features/public-tracking/api/tracking-stop-request';
import { publicLocale } from '@/features/public-tracking/texts';
import { isUuid } from '@/shared/routing/url-values';

// /{locale}/{stop uuid}?c={customer uuid}: the public tracking page (spec 2.3). The first segment is the public
// language ('dk' or 'no'), not a tenant: the stop's uuid names its tenant. It shares the `$tenant` segment
// with the staff pages (two path parameters at one level cannot be told apart), so anything but dk/no is no page
// here. Under dk/no, a segment that is no uuid is a tracking link cut short: the brand's expired message.
export const Route = createFileRoute('/$tenant_/$stopUuid')({
  validateSearch: { parse: (raw: { c?: unknown }): { c?: string } => ({ c: isUuid(raw.c) ? raw.c : undefined }) },
  beforeLoad: ({ params }) => {
    if (params.tenant !== 'dk' && params.tenant !== 'no') throw notFound();
  },
  loaderDeps: ({ search }) => ({ c: search.c }),
  // Not awaited: the stop is asked for while the page's code loads; the page shows it (or its failure) itself.
  // A hover's preload asks nothing: its answer could be old by the time the page opens.
  loader: ({ params, deps, preload }) => {
    if (preload || !isUuid(params.stopUuid)) return;
    startTrackingStopRequest(params.stopUuid.toLowerCase(), deps.c);
    // Not the map's chunk: index.html has already started its download (tools/route-preload); importing it here
    // would run the engine (1 MB of script) as soon as it arrives, before the page shows the arrival window. The
    // page imports it when it renders the map, with the stop.
  },
  component: TrackingRoute,
});

function TrackingRoute() {
  const { tenant, stopUuid } = Route.useParams();
  const { c } = Route.useSearch();
  if (!isUuid(stopUuid)) return <TrackingLinkExpired locale={publicLocale(tenant)} />;
  return <TrackingPage locale={publicLocale(tenant)} stopUuid={stopUuid.toLowerCase()} customerUuid={c} />;
}

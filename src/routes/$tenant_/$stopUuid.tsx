import { createFileRoute, notFound } from '@tanstack/react-router';
import { TrackingPage } from '@/features/public-tracking/components/tracking-page';
import { startTrackingStopRequest } from '@/features/public-tracking/api/tracking-stop-request';
import { publicLocale } from '@/features/public-tracking/texts';
import { isUuid } from '@/shared/routing/url-values';

// /{locale}/{stop uuid}?c={customer uuid}: the public tracking page (spec 2.3). The first segment is the public
// language ('dk' or 'no'), not a tenant: the stop's uuid names its tenant. It shares the `$tenant` segment
// with the staff pages (two path parameters at one level cannot be told apart), so anything but dk/no and a
// uuid is no page here.
export const Route = createFileRoute('/$tenant_/$stopUuid')({
  validateSearch: { parse: (raw: { c?: unknown }): { c?: string } => ({ c: isUuid(raw.c) ? raw.c : undefined }) },
  beforeLoad: ({ params }) => {
    if ((params.tenant !== 'dk' && params.tenant !== 'no') || !isUuid(params.stopUuid)) throw notFound();
  },
  loaderDeps: ({ search }) => ({ c: search.c }),
  // Not awaited: the stop is asked for while the page's code loads; the page shows it (or its failure) itself.
  // A hover's preload asks nothing: its answer could be old by the time the page opens.
  loader: ({ params, deps, preload }) => {
    if (preload) return;
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
  return <TrackingPage locale={publicLocale(tenant)} stopUuid={stopUuid.toLowerCase()} customerUuid={c} />;
}

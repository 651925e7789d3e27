import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { routeQueryOptions, useRoute } from '@/features/routes/api/get-route';
import { RouteActionsPanel } from '@/features/routes/components/route-actions-panel';
import { RouteCataloguePanel } from '@/features/routes/components/route-catalogue-panel';
import { RouteForm } from '@/features/routes/components/route-form';
import { RoutePointsLink } from '@/features/routes/components/route-points-link';
import { useCurrentMember } from '@/features/tenants/current-member';
import { RecordPage } from '@/shared/ui/form-fields/record-page';
import { recordIdParam } from '../../../../admin/-components/record-id-param';

export const Route = createFileRoute('/$tenant/_staff/depo/$depoId/routes/$routeId/edit')({
  params: recordIdParam('routeId'),
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(routeQueryOptions(params.tenant, params.depoId, params.routeId)),
  component: EditRoutePage,
});

function EditRoutePage() {
  const { tenant: slug, depoId, routeId } = Route.useParams();
  const { tenant, depos } = useCurrentMember();
  const route = useRoute(slug, depoId, routeId);
  const navigate = useNavigate();
  return (
    <RecordPage
      title="Edit route"
      back={
        <span className="routes__row-actions">
          {route.data && route.data.deleted_at === null && (
            <RoutePointsLink slug={slug} depoId={depoId} routeId={routeId} />
          )}
          <Link to="/$tenant/depo/$depoId/routes" params={{ tenant: slug, depoId }}>
            Back to routes
          </Link>
        </span>
      }
      record={{ what: 'the route', query: route }}
    >
      {route.data && (
        <>
          <RouteForm key={route.data.id} slug={slug} tenantId={tenant.id} depoId={depoId} route={route.data} />
          <RouteActionsPanel
            slug={slug}
            route={route.data}
            depos={depos}
            onCopied={(copy) =>
              void navigate({
                to: '/$tenant/depo/$depoId/routes/$routeId/edit',
                params: { tenant: slug, depoId: copy.depo_id, routeId: copy.id },
              })
            }
          />
          <RouteCataloguePanel
            key={`catalogue-${route.data.id}`}
            slug={slug}
            depoId={depoId}
            routeId={routeId}
            dateFormat={tenant.date_format}
            timeZone={tenant.time_zone}
          />
        </>
      )}
    </RecordPage>
  );
}

import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { publicSiteQueryOptions } from '@/shared/public/api/public-site';
import { PublicLayout } from '@/shared/public/components/public-layout';
import { tenantParams } from '@/features/tenants/tenant-slug';

/**
 * The customer pages (subscribe, tracking): no sign-in. The first path segment names a public site (/dk, /no, the
 * neutral /public, or a tenant slug); `public_site`, which anon may call, gives its tenant's name, logo, colours,
 * language and map start. An unknown segment is no page.
 */
export const Route = createFileRoute('/$tenant/_public')({
  params: tenantParams,
  loader: async ({ context: { queryClient }, params }) => {
    const site = await queryClient.ensureQueryData(publicSiteQueryOptions(params.tenant));
    if (!site) throw notFound();
    return site;
  },
  component: PublicPages,
});

function PublicPages() {
  const site = Route.useLoaderData();
  return (
    <PublicLayout site={site}>
      <Outlet />
    </PublicLayout>
  );
}

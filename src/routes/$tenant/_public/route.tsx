import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { tenantBrandingQueryOptions } from '@/features/public-branding/api/get-tenant-branding';
import { PublicFrame } from '@/features/public-branding/components/public-frame';
import { tenantParams } from '@/features/tenants/tenant-slug';

/**
 * The customer pages of a tenant (subscribe, tracking): no sign-in. The tenant's name, logo and
 * colours come from `tenant_public_branding`, which anon may call; an unknown slug is no page.
 */
export const Route = createFileRoute('/$tenant/_public')({
  params: tenantParams,
  loader: async ({ context: { queryClient }, params }) => {
    const branding = await queryClient.ensureQueryData(tenantBrandingQueryOptions(params.tenant));
    if (!branding) throw notFound();
    return branding;
  },
  component: PublicLayout,
});

function PublicLayout() {
  const branding = Route.useLoaderData();
  return (
    <PublicFrame branding={branding}>
      <Outlet />
    </PublicFrame>
  );
}

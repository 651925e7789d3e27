import { createFileRoute, redirect } from '@tanstack/react-router';
import { tenantBrandingQueryOptions } from '@/features/public-branding/api/get-tenant-branding';

// An old-style tracking link (/{tenant}/track/{stop}/{customer}) cut after the stop: the tracking page of that stop
// in the tenant's public language, which shows the stop or, when the stop part is cut too, the expired message.
export const Route = createFileRoute('/$tenant_/track/$stopUuid/')({
  beforeLoad: async ({ context: { queryClient }, params }) => {
    const branding = await queryClient.ensureQueryData(tenantBrandingQueryOptions(params.tenant)).catch(() => null);
    throw redirect({
      to: '/$tenant/$stopUuid',
      params: { tenant: branding?.locale === 'da' ? 'dk' : 'no', stopUuid: params.stopUuid },
      replace: true,
    });
  },
});

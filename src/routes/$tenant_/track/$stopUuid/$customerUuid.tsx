import { createFileRoute, redirect } from '@tanstack/react-router';
import { tenantBrandingQueryOptions } from '@/features/public-branding/api/get-tenant-branding';

// The tracking links of SMS sent before issue 10 (/{tenant}/track/{stop}/{customer}) open the tracking page at
// its new address, /{locale}/{stop}?c={customer}, in the tenant's public language ('dk' for Danish, else 'no').
export const Route = createFileRoute('/$tenant_/track/$stopUuid/$customerUuid')({
  beforeLoad: async ({ context: { queryClient }, params }) => {
    const branding = await queryClient.ensureQueryData(tenantBrandingQueryOptions(params.tenant)).catch(() => null);
    throw redirect({
      to: '/$tenant/$stopUuid',
      params: { tenant: branding?.locale === 'da' ? 'dk' : 'no', stopUuid: params.stopUuid },
      search: { c: params.customerUuid },
      replace: true,
    });
  },
});

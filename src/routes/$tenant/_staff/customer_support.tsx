import { createFileRoute } from '@tanstack/react-router';
import { SupportMapPage } from '@/features/support-map/components/support-map-page';
import { useCurrentMember } from '@/features/tenants/current-member';

// The customer-support stop map (inventory-public-support §2.4); who may open it: src/app/staff-routes.ts.
export const Route = createFileRoute('/$tenant/_staff/customer_support')({
  component: CustomerSupportPage,
});

function CustomerSupportPage() {
  const { tenant, role } = useCurrentMember();
  return <SupportMapPage tenant={tenant} role={role} />;
}

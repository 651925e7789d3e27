import { createFileRoute } from '@tanstack/react-router';
import { WallmobTabs } from '@/features/wallmob/components/wallmob-tabs';
import { useCurrentMember } from '@/features/tenants/current-member';

/** Product and customer numbers for the external order system: admins only. */
export const Route = createFileRoute('/$tenant/_staff/admin/wallmob')({
  component: WallmobPage,
});

function WallmobPage() {
  const { tenant } = useCurrentMember();
  return (
    <section className="admin-page">
      <h1>Wallmob</h1>
      <WallmobTabs tenant={tenant} />
    </section>
  );
}

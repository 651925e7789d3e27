import { createFileRoute } from '@tanstack/react-router';
import { canOpen, findStaffRoute } from '@/app/route-access';
import { staffRoutes } from '@/app/staff-routes';
import { AttentionList } from '@/features/home/components/attention-list';
import { DriversTripSection } from '@/features/home/components/drivers-trip';
import { PlanningSection } from '@/features/home/components/planning-section';
import { SmsBudgetNotice } from '@/features/sms-outbox/components/sms-budget-notice';
import { useCurrentMember } from '@/features/tenants/current-member';
import { roleLabels } from '@/features/tenants/role-labels';

export const Route = createFileRoute('/$tenant/_staff/')({
  component: TenantHome,
});

function TenantHome() {
  const { tenant, role, depos, currentDepoId, userId } = useCurrentMember();
  const depo = depos.find((item) => item.id === currentDepoId);
  // The same registry the staff guard refuses with.
  const mayOpen = (to: string) => {
    const route = findStaffRoute(staffRoutes, to);
    return route !== undefined && canOpen(route, { role, tenant });
  };
  return (
    <section>
      <h1>Home</h1>
      <p>
        You are signed in to {tenant.name} as {roleLabels[role].toLowerCase()}
        {depo ? `, working in ${depo.title}` : ''}.
      </p>
      {role === 'driver' && <DriversTripSection tenant={tenant} userId={userId} />}
      {role !== 'driver' && <SmsBudgetNotice tenant={tenant} />}
      <AttentionList tenant={tenant} role={role} currentDepoId={currentDepoId} mayOpen={mayOpen} />
      {/* The planners' dashboard (the database answers admins, depo admins and support). */}
      {currentDepoId !== null && role !== 'driver' && <PlanningSection tenant={tenant} depoId={currentDepoId} />}
    </section>
  );
}

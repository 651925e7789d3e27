import { createFileRoute } from '@tanstack/react-router';
import { AttentionList } from '@/features/home/components/attention-list';
import { PlanningSection } from '@/features/home/components/planning-section';
import { useCurrentMember } from '@/features/tenants/current-member';
import { roleLabels } from '@/features/tenants/role-labels';

export const Route = createFileRoute('/$tenant/_staff/')({
  component: TenantHome,
});

function TenantHome() {
  const { tenant, role, depos, currentDepoId } = useCurrentMember();
  const depo = depos.find((item) => item.id === currentDepoId);
  return (
    <section>
      <h1>Home</h1>
      <p>
        You are signed in to {tenant.name} as {roleLabels[role].toLowerCase()}
        {depo ? `, working in ${depo.title}` : ''}.
      </p>
      <AttentionList tenant={tenant} role={role} currentDepoId={currentDepoId} />
      {/* The planners' dashboard (the database answers admins, depo admins and support). */}
      {currentDepoId !== null && role !== 'driver' && <PlanningSection tenant={tenant} depoId={currentDepoId} />}
    </section>
  );
}

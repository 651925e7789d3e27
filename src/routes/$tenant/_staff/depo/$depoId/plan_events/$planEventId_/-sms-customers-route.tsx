import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PlanEventSmsCustomers } from '@/features/sms-customers/api/sms-customers-data';
import { planEventSmsCustomersQueryOptions } from '@/features/sms-customers/api/sms-customers-queries';
import { useLiveSmsCustomers } from '@/features/sms-customers/use-live-sms-customers';
import { useCurrentMember } from '@/features/tenants/current-member';
import type { AppRole } from '@/shared/vocabulary/staff-vocabulary';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { QueryState } from '@/shared/ui/form-fields/query-state';
import type { SmsTenant } from '@/features/sms-customers/components/plan-event-sms-customers-page';

/** The three SMS pages of a plan event read the same answer; each draws it its own way. */
export function PlanEventSmsRoute({
  slug,
  depoId,
  planEventId,
  render,
}: {
  slug: string;
  depoId: number;
  planEventId: number;
  render: (tenant: SmsTenant, role: AppRole, data: PlanEventSmsCustomers) => ReactNode;
}) {
  const { tenant, role } = useCurrentMember();
  const options = planEventSmsCustomersQueryOptions(slug, depoId, planEventId);
  const answer = useQuery(options);
  useLiveSmsCustomers(depoId, options.queryKey);
  useFlashOnError(answer.error);
  return (
    <>
      <QueryState
        what="SMS customers"
        isPending={answer.isPending}
        error={answer.error}
        onRetry={() => void answer.refetch()}
      />
      {answer.data ? render(tenant, role, answer.data) : null}
    </>
  );
}

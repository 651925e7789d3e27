import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { b2bCustomerQueryOptions, useB2bCustomer } from '@/features/b2b-customers/api/get-b2b-customer';
import { canEditB2bCustomers } from '@/features/b2b-customers/can-edit-b2b-customers';
import { B2bCustomerEditForm } from '@/features/b2b-customers/components/b2b-customer-edit-form';
import { tenantQueryOptions } from '@/features/tenants/api/get-tenant';
import { useCurrentMember } from '@/features/tenants/current-member';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { NOT_AUTHORIZED_MESSAGE } from '../../-components/require-role';

const paramsSchema = z.object({ id: z.coerce.number().int().positive() });

export const Route = createFileRoute('/$tenant/admin/b2b_customers/$id/edit')({
  params: {
    parse: (raw) => ({ id: paramsSchema.parse(raw).id }),
    stringify: (params) => ({ id: String(params.id) }),
  },
  loader: async ({ context: { queryClient, membership }, params, preload }) => {
    // Only where the tenant edits its B2B customers, and only its admins (as the database allows).
    const tenant = await queryClient.ensureQueryData(tenantQueryOptions(params.tenant));
    if (!tenant || !canEditB2bCustomers({ role: membership.role, tenant })) {
      if (!preload) showFlash(NOT_AUTHORIZED_MESSAGE, 'alert');
      throw redirect({ to: '/$tenant/admin/b2b_customers', params: { tenant: params.tenant } });
    }
    await queryClient.ensureQueryData(b2bCustomerQueryOptions(params.tenant, membership.tenant_id, params.id));
  },
  component: EditB2bCustomerRoute,
});

function EditB2bCustomerRoute() {
  const { id } = Route.useParams();
  const { tenant } = useCurrentMember();
  const { data: customer } = useB2bCustomer(tenant.slug, tenant.id, id);
  return (
    <section aria-labelledby="edit-b2b-customer-title">
      <h1 id="edit-b2b-customer-title">Edit B2B Customer</h1>
      <p className="muted">{customer.customer_name}</p>
      <B2bCustomerEditForm key={customer.id} slug={tenant.slug} tenantId={tenant.id} customer={customer} />
    </section>
  );
}

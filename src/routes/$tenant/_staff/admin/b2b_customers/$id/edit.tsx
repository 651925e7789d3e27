import { createFileRoute } from '@tanstack/react-router';
import { b2bCustomerQueryOptions, useB2bCustomer } from '@/features/b2b-customers/api/get-b2b-customer';
import { B2bCustomerEditForm } from '@/features/b2b-customers/components/b2b-customer-edit-form';
import { useCurrentMember } from '@/features/tenants/current-member';
import { recordIdParam } from '../../-components/record-id-param';

export const Route = createFileRoute('/$tenant/_staff/admin/b2b_customers/$id/edit')({
  params: recordIdParam('id'),
  // Who may open it (the tenant's flag, admins only) is declared in src/app/staff-routes.ts.
  loader: ({ context: { queryClient, membership }, params }) =>
    queryClient.ensureQueryData(b2bCustomerQueryOptions(params.tenant, membership.tenant_id, params.id)),
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

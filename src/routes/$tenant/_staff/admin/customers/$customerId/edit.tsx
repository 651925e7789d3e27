import { createFileRoute, Link } from '@tanstack/react-router';
import { z } from 'zod';
import { customerQueryOptions, useCustomer } from '@/features/customers/api/get-customer';
import { CustomerForm } from '@/features/customers/components/customer-form';
import { SmsReceiversTable } from '@/features/customers/components/sms-receivers-table';
import '@/features/customers/customers.css';
import { useCurrentMember } from '@/features/tenants/current-member';
import { requestErrorText } from '@/shared/ui/flash/request-error-text';

const paramsSchema = z.object({ customerId: z.coerce.number().int().positive() });

export const Route = createFileRoute('/$tenant/_staff/admin/customers/$customerId/edit')({
  params: { parse: (raw) => ({ customerId: String(paramsSchema.parse(raw).customerId) }) },
  loader: ({ context: { queryClient, membership }, params }) => {
    return queryClient.ensureQueryData(customerQueryOptions({ slug: params.tenant, id: membership.tenant_id }, Number(params.customerId)));
  },
  component: EditCustomerPage,
});

function EditCustomerPage() {
  const { tenant } = useCurrentMember();
  const customerId = Number(Route.useParams().customerId);
  const customer = useCustomer(tenant, customerId);

  return (
    <section className="admin-page">
      <div className="admin-page__header">
        <h1>Edit customer</h1>
        <Link to="/$tenant/admin/customers" params={{ tenant: tenant.slug }}>
          Back to customers
        </Link>
      </div>
      {customer.isPending && <p className="muted">Loading…</p>}
      {customer.isError && (
        <p className="form__error" role="alert">
          {requestErrorText(customer.error)}
        </p>
      )}
      {customer.data && (
        <div className="customer-edit">
          {/* A new key after a save from another tab would reset the fields; the id is enough here. */}
          <CustomerForm key={customer.data.id} tenant={tenant} customer={customer.data} onSaved={() => undefined} />
          <SmsReceiversTable tenant={tenant} customerId={customerId} />
        </div>
      )}
    </section>
  );
}

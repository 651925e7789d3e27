import { createFileRoute, Link } from '@tanstack/react-router';
import { z } from 'zod';
import { customerQueryOptions, useCustomer } from '@/features/customers/api/get-customer';
import { CustomerForm } from '@/features/customers/components/customer-form';
import { SmsReceiversTable } from '@/features/customers/components/sms-receivers-table';
import '@/features/customers/customers.css';
import { useCurrentMember } from '@/features/tenants/current-member';
import { RecordPage } from '@/shared/ui/form-fields/record-page';

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
    <RecordPage
      title="Edit customer"
      back={
        <Link to="/$tenant/admin/customers" params={{ tenant: tenant.slug }}>
          Back to customers
        </Link>
      }
      record={{ what: 'the customer', query: customer }}
    >
      {customer.data && (
        <div className="customer-edit">
          <CustomerForm key={customer.data.id} tenant={tenant} customer={customer.data} onSaved={() => undefined} />
          <SmsReceiversTable tenant={tenant} customerId={customerId} />
        </div>
      )}
    </RecordPage>
  );
}

import { createFileRoute, Link } from '@tanstack/react-router';
import { customerQueryOptions, useCustomer } from '@/features/customers/api/get-customer';
import { CustomerForm } from '@/features/customers/components/customer-form';
import { ConsentHistoryTable } from '@/features/customers/components/consent-history-table';
import { SmsReceiversTable } from '@/features/customers/components/sms-receivers-table';
import '@/features/customers/customers.css';
import { useCurrentMember } from '@/features/tenants/current-member';
import { RecordPage } from '@/shared/ui/form-fields/record-page';
import { recordIdParam } from '../../../../-components/record-id-param';

export const Route = createFileRoute('/$tenant/_staff/admin/depo/$depoId/customers/$customerId/edit')({
  params: recordIdParam('customerId'),
  loader: ({ context: { queryClient, membership }, params }) =>
    queryClient.ensureQueryData(
      customerQueryOptions({ slug: params.tenant, id: membership.tenant_id }, params.customerId),
    ),
  component: EditCustomerPage,
});

function EditCustomerPage() {
  const { tenant } = useCurrentMember();
  const { depoId, customerId } = Route.useParams();
  const customer = useCustomer(tenant, customerId);

  return (
    <RecordPage
      title="Edit customer"
      back={
        <Link to="/$tenant/admin/depo/$depoId/customers" params={{ tenant: tenant.slug, depoId }}>
          Back to customers
        </Link>
      }
      record={{ what: 'the customer', query: customer }}
    >
      {customer.data && (
        <div className="customer-edit">
          <CustomerForm key={customer.data.id} tenant={tenant} customer={customer.data} onSaved={() => undefined} />
          <SmsReceiversTable tenant={tenant} customerId={customerId} />
          <ConsentHistoryTable tenant={tenant} customerId={customerId} />
        </div>
      )}
    </RecordPage>
  );
}

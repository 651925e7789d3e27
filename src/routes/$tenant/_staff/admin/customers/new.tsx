import { createFileRoute, Link } from '@tanstack/react-router';
import { CustomerForm } from '@/features/customers/components/customer-form';
import { useCurrentMember } from '@/features/tenants/current-member';
import { RecordPage } from '@/shared/ui/form-fields/record-page';

export const Route = createFileRoute('/$tenant/_staff/admin/customers/new')({
  component: NewCustomerPage,
});

function NewCustomerPage() {
  const { tenant } = useCurrentMember();
  const navigate = Route.useNavigate();
  return (
    <RecordPage
      title="New customer"
      className="page--narrow"
      back={
        <Link to="/$tenant/admin/customers" params={{ tenant: tenant.slug }}>
          Back to customers
        </Link>
      }
    >
      <CustomerForm
        tenant={tenant}
        customer={null}
        // Created: the page moves to the customer's edit route (titled Edit customer), where later saves change it.
        onSaved={(customer, created) => {
          if (created) void navigate({ to: '/$tenant/admin/customers/$customerId/edit', params: { tenant: tenant.slug, customerId: String(customer.id) }, replace: true });
        }}
      />
    </RecordPage>
  );
}

import { createFileRoute, Link } from '@tanstack/react-router';
import { CustomerForm } from '@/features/customers/components/customer-form';
import { useCurrentMember } from '@/features/tenants/current-member';
import { RecordPage } from '@/shared/ui/form-fields/record-page';

export const Route = createFileRoute('/$tenant/_staff/admin/depo/$depoId/customers/new')({
  component: NewCustomerPage,
});

function NewCustomerPage() {
  const { tenant } = useCurrentMember();
  const { depoId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <RecordPage
      title="New customer"
      className="page--narrow"
      back={
        <Link to="/$tenant/admin/depo/$depoId/customers" params={{ tenant: tenant.slug, depoId }}>
          Back to customers
        </Link>
      }
    >
      <CustomerForm
        tenant={tenant}
        customer={null}
        // Created: the page moves to the customer's edit route (titled Edit customer), where later saves change it.
        onSaved={(customer, created) => {
          if (created)
            void navigate({
              to: '/$tenant/admin/depo/$depoId/customers/$customerId/edit',
              params: { tenant: tenant.slug, depoId, customerId: customer.id },
              replace: true,
            });
        }}
      />
    </RecordPage>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { CustomerForm } from '@/features/customers/components/customer-form';
import { useCurrentMember } from '@/features/tenants/current-member';

export const Route = createFileRoute('/$tenant/_staff/admin/customers/new')({
  component: NewCustomerPage,
});

function NewCustomerPage() {
  const { tenant } = useCurrentMember();
  const navigate = Route.useNavigate();
  return (
    <section className="admin-page page--narrow">
      <h1>New customer</h1>
      <CustomerForm
        tenant={tenant}
        customer={null}
        // Created: the form continues as the customer's edit page (later saves change it).
        onSaved={(customer) =>
          void navigate({ to: '/$tenant/admin/customers/$customerId/edit', params: { tenant: tenant.slug, customerId: String(customer.id) }, replace: true })
        }
      />
    </section>
  );
}

import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { ProductForm } from '@/features/inventory/products/components/product-form';
import { useCurrentMember } from '@/features/tenants/current-member';
import { RecordPage } from '@/shared/ui/form-fields/record-page';

export const Route = createFileRoute('/$tenant/_staff/inventory/depo/$depoId/products/new')({
  component: NewProductPage,
});

function NewProductPage() {
  const { tenant: slug, depoId } = Route.useParams();
  const { tenant, role } = useCurrentMember();
  const navigate = useNavigate();
  return (
    <RecordPage
      title="New Product"
      back={
        <Link to="/$tenant/inventory/depo/$depoId/products" params={{ tenant: slug, depoId }}>
          Back to products
        </Link>
      }
    >
      <ProductForm
        slug={slug}
        tenant={tenant}
        isAdmin={role === 'admin'}
        onSaved={(row, created) => {
          if (created)
            void navigate({
              to: '/$tenant/inventory/depo/$depoId/products/$productId/edit',
              params: { tenant: slug, depoId, productId: row.id },
              replace: true,
            });
        }}
      />
    </RecordPage>
  );
}

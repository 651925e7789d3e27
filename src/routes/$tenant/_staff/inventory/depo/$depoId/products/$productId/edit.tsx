import { createFileRoute, Link } from '@tanstack/react-router';
import { productFormQueryOptions, useProductForm } from '@/features/inventory/products/api/get-product-form';
import { remainingBalancesQueryOptions } from '@/features/inventory/products/api/product-balances';
import { ProductForm } from '@/features/inventory/products/components/product-form';
import { useLiveStock } from '@/features/inventory/live/use-live-stock';
import { useCurrentMember } from '@/features/tenants/current-member';
import { RecordPage } from '@/shared/ui/form-fields/record-page';
import { recordIdParam } from '../../../../../admin/-components/record-id-param';

export const Route = createFileRoute('/$tenant/_staff/inventory/depo/$depoId/products/$productId/edit')({
  params: recordIdParam('productId'),
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(productFormQueryOptions(params.tenant, params.productId)),
  component: EditProductPage,
});

function EditProductPage() {
  const { tenant: slug, depoId, productId } = Route.useParams();
  const { tenant, role } = useCurrentMember();
  const product = useProductForm(slug, productId);
  // The Warehouse balances tab and Move stock follow this depo's stock as it moves.
  useLiveStock(depoId, remainingBalancesQueryOptions(slug, productId).queryKey);
  return (
    <RecordPage
      title={`Edit Product #${productId}`}
      back={
        <Link to="/$tenant/inventory/depo/$depoId/products" params={{ tenant: slug, depoId }}>
          Back to products
        </Link>
      }
      record={{ what: 'the product', query: product }}
    >
      {product.data && (
        <ProductForm
          key={product.data.id}
          slug={slug}
          tenant={tenant}
          isAdmin={role === 'admin'}
          product={product.data}
        />
      )}
    </RecordPage>
  );
}

import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { productsQueryOptions, useProducts, type ProductListRow } from '@/features/inventory/products/api/get-products';
import { StatusFilterForm } from '@/shared/ui/form-fields/status-filter-form';
import { activeStatuses } from '@/shared/vocabulary/staff-vocabulary';
import { ProductsTable } from '@/features/inventory/products/components/products-table';
import { useInlineProductEdit } from '@/features/inventory/products/inline/use-inline-product-edit';
import { effectiveProductStatuses, productListSearchSchema } from '@/features/inventory/products/product-list-search';
import { useCurrentMember } from '@/features/tenants/current-member';
import { loadRouteQuery } from '@/shared/query/load-route-query';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';
import { QueryState } from '@/shared/ui/form-fields/query-state';
import { SearchBox } from '@/shared/ui/search-box/search-box';

export const Route = createFileRoute('/$tenant/_staff/inventory/depo/$depoId/products/')({
  // The filter and search re-run the loader on the open page: the loader stays out of the lazy page chunk.
  codeSplitGroupings: [['component'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: productListSearchSchema,
  loaderDeps: ({ search }) => ({ statuses: effectiveProductStatuses(search.statuses), search: search.search ?? '' }),
  loader: ({ context: { queryClient }, params, deps, cause }) =>
    loadRouteQuery(queryClient, cause, productsQueryOptions(params.tenant, params.depoId, deps.statuses, deps.search)),
  component: ProductsPage,
});

function ProductsPage() {
  const { tenant: slug, depoId } = Route.useParams();
  const { statuses, search } = Route.useLoaderDeps();
  const { tenant, role } = useCurrentMember();
  const navigate = useNavigate({ from: Route.fullPath });
  const products = useProducts(slug, depoId, statuses, search);
  useFlashOnError(products.error);
  const inline = useInlineProductEdit(slug, depoId, tenant.id);

  const renderActions = useCallback(
    (product: ProductListRow) => (
      <Link
        to="/$tenant/inventory/depo/$depoId/products/$productId/edit"
        params={{ tenant: slug, depoId, productId: product.id }}
        aria-label={`Edit ${product.sku}`}
      >
        Edit
      </Link>
    ),
    [slug, depoId],
  );

  return (
    <section>
      <PageTitleBar title="Products">
        {role === 'admin' && (
          <Link
            className="button button--primary"
            to="/$tenant/inventory/depo/$depoId/products/new"
            params={{ tenant: slug, depoId }}
          >
            New product
          </Link>
        )}
      </PageTitleBar>
      <div className="admin-toolbar">
        {/* Keyed by the applied filter so the checkboxes show it again after back/forward. */}
        <StatusFilterForm
          key={statuses.join(',')}
          all={activeStatuses}
          label="Filter products"
          statuses={statuses}
          onFilter={(next) => void navigate({ search: (previous) => ({ ...previous, statuses: next }) })}
        />
        {/* Product search has no minimum length (spec §5). */}
        <SearchBox
          key={search}
          initialValue={search}
          label="Search products"
          minLengthRule={false}
          onSearch={(phrase) => void navigate({ search: (previous) => ({ ...previous, search: phrase || undefined }) })}
        />
      </div>
      <QueryState what="products" isPending={false} error={products.error} onRetry={() => void products.refetch()} />
      <ProductsTable
        depoId={depoId}
        inline={inline}
        products={products.data}
        loading={products.isPending}
        money={tenant}
        showB2b={tenant.has_b2b_products}
        renderActions={renderActions}
      />
    </section>
  );
}

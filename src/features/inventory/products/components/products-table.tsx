import type { ColDef } from 'ag-grid-community';
import { useMemo, type ReactNode } from 'react';
import { formatMoney } from '@/shared/format/money';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import type { ProductListRow } from '../api/get-products';
import './products.css';

export interface ProductsTableProps {
  products: ProductListRow[] | undefined;
  loading: boolean;
  /** The tenant's currency and number format for the sales price. */
  money: { currency: string; locale: string };
  /** Whether the tenant sells B2B products (their rows carry a B2B tag). */
  showB2b: boolean;
  /** The row's Edit link (a router link, rendered by the route). */
  renderActions: (product: ProductListRow) => ReactNode;
}

export function ProductsTable({ products, loading, money, showB2b, renderActions }: ProductsTableProps) {
  const columns = useMemo<ColDef<ProductListRow>[]>(
    () => [
      { headerName: '#', field: 'id', maxWidth: 80, minWidth: 60 },
      {
        headerName: 'Sku',
        field: 'sku',
        cellRenderer: ({ data }: { data?: ProductListRow }) =>
          data ? (
            <>
              {data.sku}
              {showB2b && data.b2b_product && <span className="product-tag">B2B</span>}
            </>
          ) : null,
      },
      { headerName: 'Description', field: 'description', minWidth: 180 },
      { headerName: 'Sequence number', field: 'sequence_number' },
      { headerName: 'Packaging size', field: 'packaging_size' },
      { headerName: 'Sales price', colId: 'sales_price', valueGetter: ({ data }) => (data ? formatMoney(data.sales_price, money) : '') },
      { headerName: 'Depo minimum', field: 'minimum_for_depo' },
      { headerName: 'Car minimum', field: 'minimum_for_cars' },
      { headerName: 'Actions', colId: 'actions', cellRenderer: ({ data }: { data?: ProductListRow }) => (data ? renderActions(data) : null) },
    ],
    [money, showB2b, renderActions],
  );
  return <DataGrid ariaLabel="Products" total="rows" rows={products} columns={columns} rowId={(product) => String(product.id)} loading={loading} emptyText="No products found" renderAllColumns />;
}

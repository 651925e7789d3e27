import type { ColDef, SuppressKeyboardEventParams } from 'ag-grid-community';
import { useMemo, type ReactNode } from 'react';
import { formatMoney } from '@/shared/format/money';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import type { ProductListRow } from '../api/get-products';
import { InlineActions, InlineCell, InlineEditContext } from '../inline/inline-cells';
import type { InlineField } from '../inline/inline-values';
import type { InlineProductEdit } from '../inline/use-inline-product-edit';
import './products.css';

export interface ProductsTableProps {
  depoId: number;
  products: ProductListRow[] | undefined;
  loading: boolean;
  /** The tenant's currency and number format for the sales price. */
  money: { currency: string; locale: string };
  /** Whether the tenant sells B2B products (their rows carry a B2B tag). */
  showB2b: boolean;
  /** The rows being edited inline (use-inline-product-edit). */
  inline: InlineProductEdit;
  /** The row's Edit link (a router link, rendered by the route). */
  renderActions: (product: ProductListRow) => ReactNode;
}

// Keys typed into an inline input are the input's, not the grid's navigation.
const typingInInput = ({ event }: SuppressKeyboardEventParams<ProductListRow>) =>
  event.target instanceof HTMLInputElement;

/** A column whose cell is an input while its row is edited inline. */
function inlineColumn(
  headerName: string,
  field: InlineField,
  show: (row: ProductListRow) => ReactNode,
  extra: ColDef<ProductListRow> = {},
): ColDef<ProductListRow> {
  return {
    headerName,
    colId: field,
    valueGetter: ({ data }) => (data ? (data as unknown as Record<string, unknown>)[field] : undefined),
    cellRenderer: ({ data }: { data?: ProductListRow }) => (
      <InlineCell data={data} field={field} label={headerName}>
        {data ? show(data) : null}
      </InlineCell>
    ),
    suppressKeyboardEvent: typingInInput,
    ...extra,
  };
}

export function ProductsTable({
  depoId,
  products,
  loading,
  money,
  showB2b,
  inline,
  renderActions,
}: ProductsTableProps) {
  const columns = useMemo<ColDef<ProductListRow>[]>(
    () => [
      { headerName: '#', field: 'id', maxWidth: 80, minWidth: 60 },
      inlineColumn('Sku', 'sku', (data) => (
        <>
          {data.sku}
          {showB2b && data.b2b_product && <span className="product-tag">B2B</span>}
        </>
      )),
      inlineColumn('Description', 'description', (data) => data.description, { minWidth: 180 }),
      inlineColumn('Sequence number', 'sequence_number', (data) => data.sequence_number),
      inlineColumn('Packaging size', 'packaging_size', (data) => data.packaging_size),
      inlineColumn('Sales price', 'sales_price', (data) => formatMoney(data.sales_price, money)),
      inlineColumn('Depo minimum', 'minimum_for_depo', (data) => data.minimum_for_depo),
      inlineColumn('Car minimum', 'minimum_for_cars', (data) => data.minimum_for_cars),
      {
        headerName: 'Actions',
        colId: 'actions',
        cellRenderer: ({ data }: { data?: ProductListRow }) => (
          <InlineActions data={data}>{data ? renderActions(data) : null}</InlineActions>
        ),
      },
    ],
    [money, showB2b, renderActions],
  );
  const context = useMemo(() => ({ edit: inline, depoId }), [inline, depoId]);
  return (
    <InlineEditContext.Provider value={context}>
      <DataGrid
        ariaLabel="Products"
        total="rows"
        rows={products}
        columns={columns}
        rowId={(product) => String(product.id)}
        loading={loading}
        emptyText="No products found"
        renderAllColumns
      />
    </InlineEditContext.Provider>
  );
}

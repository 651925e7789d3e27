import { useMemo, useState } from 'react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { formatMoney, formatQuantity } from '@/shared/format/money';
import { formatTenantDate, formatTenantDateTime } from '@/shared/format/tenant-date';
import { queryKeys } from '@/shared/query/query-keys';
import { liveTopics } from '@/shared/realtime/live-topics';
import { useLiveInvalidation } from '@/shared/realtime/use-live-invalidation';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import { requestErrorText } from '@/shared/ui/flash/request-error-text';
import { Pagination } from '@/shared/ui/pagination/pagination';
import { useExportB2bOrdersCsv } from '../api/export-b2b-orders-csv';
import { useB2bOrders } from '../api/get-b2b-orders';
import { canExportB2bOrders, type B2bOrder, type B2bOrdersMember } from '../b2b-order-row';
import { B2bOrderLineItems, LINE_ITEMS_HEIGHT } from './b2b-order-line-items';
import './b2b-orders.css';
import { toggledIn } from '@/shared/collections/toggled-in';
import { RowTick, RowTicksProvider, useRowTicks } from '@/shared/ui/data-grid/row-ticks';
import { ExpandedIcon } from '@/shared/ui/icons';

type GridRow = { kind: 'order'; order: B2bOrder } | { kind: 'items'; order: B2bOrder };

export interface B2bOrdersPageProps {
  member: B2bOrdersMember;
  page: number;
  onPageChange: (page: number) => void;
}

/** The B2B orders list: 25 a page, expandable to line items, ticked orders exported as CSV (admin-core §2). */
export function B2bOrdersPage({ member, page, onPageChange }: B2bOrdersPageProps) {
  const { tenant } = member;
  const orders = useB2bOrders({ slug: tenant.slug, tenantId: tenant.id, page });
  const exporting = useExportB2bOrdersCsv(tenant.slug);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const ticks = useRowTicks(ticked, setTicked);
  const canExport = canExportB2bOrders(member);

  useLiveInvalidation(
    liveTopics.tenant(tenant.id, 'b2b_orders'),
    queryKeys.tenant(tenant.slug).resource('b2b_orders').all,
  );

  const flip = (set: (update: (current: ReadonlySet<number>) => ReadonlySet<number>) => void, id: number) =>
    set((current) => toggledIn(current, id));

  const data = orders.data;
  const rows = useMemo<GridRow[] | undefined>(
    () =>
      data?.flatMap((order): GridRow[] =>
        expanded.has(order.id)
          ? [
              { kind: 'order', order },
              { kind: 'items', order },
            ]
          : [{ kind: 'order', order }],
      ),
    [data, expanded],
  );

  const columns = useMemo<ColDef<GridRow>[]>(() => {
    const value = (
      headerName: string,
      colId: string,
      get: (order: B2bOrder) => string,
      extra: Partial<ColDef<GridRow>> = {},
    ): ColDef<GridRow> => ({
      headerName,
      colId,
      valueGetter: (params) => (params.data ? get(params.data.order) : ''),
      ...extra,
    });
    return [
      {
        headerName: 'Actions',
        colId: 'actions',
        minWidth: 110,
        maxWidth: 120,
        cellRenderer: (params: ICellRendererParams<GridRow>) => {
          if (!params.data) return null;
          const { order } = params.data;
          const open = expanded.has(order.id);
          return (
            <span className="b2b-orders__actions">
              {canExport && <RowTick id={order.id} className="b2b-orders__tick" label={`Export order ${order.id}`} />}
              <button
                type="button"
                className="b2b-orders__expand"
                aria-expanded={open}
                aria-label={`${open ? 'Hide' : 'Show'} line items of order ${order.id}`}
                onClick={() => flip(setExpanded, order.id)}
              >
                <ExpandedIcon open={open} />
              </button>
            </span>
          );
        },
      },
      value('order id', 'id', (o) => String(o.id), { minWidth: 90 }),
      value('Customer ID', 'customer_number', (o) => o.customer_number, { minWidth: 110 }),
      value('Date', 'date', (o) => formatTenantDate(o.date, tenant.date_format), { minWidth: 110 }),
      value('Shop name', 'shop_name', (o) => o.shop_name, { minWidth: 170 }),
      value('Total revenue', 'total_revenue', (o) => formatMoney(o.total_revenue, tenant), {
        minWidth: 130,
        type: 'rightAligned',
      }),
      value('Total discount', 'total_discount', (o) => formatMoney(o.total_discount, tenant), {
        minWidth: 130,
        type: 'rightAligned',
      }),
      value('Total quantity', 'total_quantity', (o) => formatQuantity(o.total_quantity, tenant.locale), {
        minWidth: 120,
        type: 'rightAligned',
      }),
      value(
        'Exported at',
        'exported_at',
        (o) => (o.exported_at ? formatTenantDateTime(o.exported_at, tenant.date_format, tenant.time_zone) : ''),
        { minWidth: 150 },
      ),
    ];
  }, [expanded, canExport, tenant]);

  const exportTicked = () =>
    exporting.mutate([...ticked], {
      onSuccess: () => setTicked(new Set()),
    });

  return (
    <section className="b2b-orders" aria-labelledby="b2b-orders-title">
      <div className="list-page__header">
        <h1 id="b2b-orders-title">B2B Orders</h1>
        {canExport && (
          <div className="b2b-orders__export">
            <span className="muted" aria-live="polite">
              {ticked.size > 0 ? `${ticked.size} selected` : ''}
            </span>
            <button
              type="button"
              className="button button--primary"
              disabled={ticked.size === 0 || exporting.isPending}
              onClick={exportTicked}
            >
              {exporting.isPending ? 'Exporting…' : 'Export'}
            </button>
          </div>
        )}
      </div>
      {exporting.isError && (
        <p className="form__error" role="alert">
          {requestErrorText(exporting.error)}
        </p>
      )}
      {orders.isError ? (
        <div className="form__error" role="alert">
          <p>{requestErrorText(orders.error)}</p>
          <button type="button" className="button" onClick={() => void orders.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div aria-busy={orders.isFetching}>
          <RowTicksProvider ticks={ticks}>
            <DataGrid<GridRow>
              ariaLabel="B2B orders"
              rows={rows}
              columns={columns}
              renderAllColumns
              rowId={(row) => `${row.kind}-${row.order.id}`}
              loading={orders.isPending}
              emptyText="No B2B orders found"
              fullWidthRow={{
                isFullWidth: (row) => row.kind === 'items',
                height: () => LINE_ITEMS_HEIGHT,
                render: (row) => <B2bOrderLineItems tenant={tenant} order={row.order} />,
              }}
            />
          </RowTicksProvider>
        </div>
      )}
      <Pagination page={page} rowCount={data?.length ?? 0} onPageChange={onPageChange} label="B2B orders pages" />
    </section>
  );
}

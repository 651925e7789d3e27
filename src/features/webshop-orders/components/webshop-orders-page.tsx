import { useMemo, useState } from 'react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { OrdersMemberContext, type OrdersMember } from '../orders-member';
import type { DateRange } from '@/shared/dates/calendar-date';
import { formatMoney } from '@/shared/format/money';
import { formatTenantDate, formatTenantDateTime } from '@/shared/format/tenant-date';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { liveTopics } from '@/shared/realtime/live-topics';
import { useLiveInvalidation } from '@/shared/realtime/use-live-invalidation';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import { DateRangeInput } from '@/shared/ui/date-range/date-range-input';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError, requestErrorText } from '@/shared/ui/flash/request-error-text';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';
import { Pagination } from '@/shared/ui/pagination/pagination';
import { SearchBox } from '@/shared/ui/search-box/search-box';
import { markOrdersPrinted, setOrderStatus, useOrderMutation } from '../api/order-actions';
import { useWebshopOrders, webshopOrdersKey, type OrderListParams, type WebshopOrder } from '../api/get-webshop-orders';
import { isDistanceFlagged, ORDER_TITLES, STATUS_COLOURS, statusTabs, type OrderStatus } from '../order-kinds';
import { ChangeDepoDialog } from './change-depo-dialog';
import { ChangeRouteDialog } from './change-route-dialog';
import { ChangelogDialog } from './changelog-dialog';
import { CleanupDialog } from './cleanup-dialog';
import { ORDER_DETAILS_HEIGHT, OrderDetails, type OrderDialogName } from './order-details';
import { OrdersPrintout } from './orders-printout';
import './webshop-orders.css';
import { toggledIn } from '@/shared/collections/toggled-in';
import { RowTick, RowTicksProvider, useRowTicks } from '@/shared/ui/data-grid/row-ticks';
import { ExpandedIcon, FastIcon, WarningIcon } from '@/shared/ui/icons';

type GridRow = { kind: 'order'; order: WebshopOrder } | { kind: 'details'; order: WebshopOrder };

export type OrderFilters = Omit<OrderListParams, 'slug' | 'depoId' | 'kind'>;

interface Props {
  member: OrdersMember;
  kind: OrderListParams['kind'];
  depoId: number;
  filters: OrderFilters;
  onFilters: (next: Partial<OrderFilters>) => void;
}

/** E-shop orders ('Orders') and B2B web-shop orders ('B2B Orders') of a depo (delivery-operations §2). */
export function WebshopOrdersPage({ member, kind, depoId, filters, onFilters }: Props) {
  const { tenant } = member;
  const slug = tenant.slug;
  const icecream = tenant.uses_ice_cream_eod_layout;
  const orders = useWebshopOrders({ slug, depoId, kind, ...filters });
  useLiveInvalidation(liveTopics.depo(depoId, 'webshop_orders'), webshopOrdersKey(slug, depoId).all);

  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const ticks = useRowTicks(checked, setChecked);
  const [dialog, setDialog] = useState<{ name: OrderDialogName | 'cleanup'; order?: WebshopOrder } | null>(null);
  const [printing, setPrinting] = useState<WebshopOrder[] | null>(null);
  const statusLock = useSubmitLock();
  const printLock = useSubmitLock();
  const status = useOrderMutation(slug, depoId, (args: { id: number; status: OrderStatus }) =>
    setOrderStatus(args.id, args.status),
  );
  const print = useOrderMutation(slug, depoId, markOrdersPrinted);

  const flip = (set: typeof setChecked, id: number) => set((current) => toggledIn(current, id));

  const changeStatus = (order: WebshopOrder, next: OrderStatus) => {
    // The same status is no change (the database says so too); a double click sends one request.
    if (order.status === next || !statusLock.acquire()) return;
    status.mutate(
      { id: order.id, status: next },
      {
        onSuccess: () => showFlash('Order updated'),
        onError: (error) => flashRequestError(error),
        onSettled: () => statusLock.release(),
      },
    );
  };

  const printChecked = () => {
    const chosen = (orders.data ?? []).filter((order) => checked.has(order.id));
    if (chosen.length === 0 || !printLock.acquire()) return;
    print.mutate(
      chosen.map((order) => order.id),
      {
        onSuccess: () => {
          showFlash('Orders set as printed');
          setPrinting(chosen);
          setChecked(new Set());
        },
        onError: (error) => flashRequestError(error),
        onSettled: () => printLock.release(),
      },
    );
  };

  const data = orders.data;
  const rows = useMemo<GridRow[] | undefined>(
    () =>
      data?.flatMap((order): GridRow[] =>
        expanded.has(order.id)
          ? [
              { kind: 'order', order },
              { kind: 'details', order },
            ]
          : [{ kind: 'order', order }],
      ),
    [data, expanded],
  );

  const columns = useMemo<ColDef<GridRow>[]>(() => {
    const value = (
      headerName: string,
      colId: string,
      get: (order: WebshopOrder) => string,
      extra: Partial<ColDef<GridRow>> = {},
    ): ColDef<GridRow> => ({
      headerName,
      colId,
      valueGetter: (params) => (params.data ? get(params.data.order) : ''),
      ...extra,
    });
    const date = (order: WebshopOrder) => formatTenantDate(order.delivery_date, tenant.date_format);
    const time = (order: WebshopOrder) => order.delivery_time?.slice(0, 5) ?? '';
    const printedAt = (order: WebshopOrder) =>
      order.printed_at ? formatTenantDateTime(order.printed_at, tenant.date_format, tenant.time_zone) : '';
    const actions: ColDef<GridRow> = {
      headerName: 'Actions',
      colId: 'actions',
      minWidth: 110,
      maxWidth: 120,
      cellRenderer: (params: ICellRendererParams<GridRow>) => {
        if (!params.data) return null;
        const { order } = params.data;
        const open = expanded.has(order.id);
        return (
          <span className="webshop-orders__actions">
            <RowTick id={order.id} label={`Print order ${order.id}`} />
            <button
              type="button"
              className="webshop-orders__expand"
              aria-expanded={open}
              aria-label={`${open ? 'Hide' : 'Show'} order ${order.id}`}
              onClick={() => flip(setExpanded, order.id)}
            >
              <ExpandedIcon open={open} />
            </button>
          </span>
        );
      },
    };
    if (kind === 'b2b') {
      return [
        actions,
        value('Delivery date', 'delivery_date', date, { minWidth: 120 }),
        value('Delivery time', 'delivery_time', time, { minWidth: 110 }),
        value('Total', 'total', (o) => formatMoney(o.total, tenant), { minWidth: 110, type: 'rightAligned' }),
        value('Route', 'route', (o) => o.route?.name ?? '', { minWidth: 140 }),
        value('Customer Number', 'customer_number', (o) => o.customer_number ?? '', { minWidth: 130 }),
        value('Customer name', 'customer_name', (o) => o.customer_name ?? '', { minWidth: 150 }),
        value('Customer address', 'customer_address', (o) => o.customer_address ?? '', { minWidth: 200 }),
        value('External ID', 'external_id', (o) => o.external_id ?? '', { minWidth: 110 }),
        value('Printed at', 'printed_at', printedAt, { minWidth: 150 }),
      ];
    }
    return [
      actions,
      {
        headerName: 'Labels',
        colId: 'labels',
        minWidth: 120,
        valueGetter: (params) =>
          params.data
            ? [params.data.order.call_me ? 'CALL ME' : '', params.data.order.fast_delivery ? 'FAST' : '']
                .filter(Boolean)
                .join(' ')
            : '',
        cellRenderer: (params: ICellRendererParams<GridRow>) =>
          params.data ? (
            <span className="webshop-orders__labels">
              {params.data.order.call_me && <span className="webshop-orders__tag">CALL ME</span>}
              {params.data.order.fast_delivery && (
                <span className="webshop-orders__fast" title="Fast delivery">
                  <FastIcon label="Fast delivery" />
                </span>
              )}
            </span>
          ) : null,
      },
      value('Delivery date', 'delivery_date', date, { minWidth: 120 }),
      value('Delivery time', 'delivery_time', time, { minWidth: 110 }),
      value('Total', 'total', (o) => formatMoney(o.total, tenant), { minWidth: 110, type: 'rightAligned' }),
      value('Route', 'route', (o) => o.route?.name ?? '', { minWidth: 140 }),
      value('Customer address', 'customer_address', (o) => o.customer_address ?? '', { minWidth: 200 }),
      value('Customer phone', 'customer_phone', (o) => o.customer_phone ?? '', { minWidth: 130 }),
      value('Eshop ID', 'eshop_id', (o) => o.eshop_id ?? '', { minWidth: 110 }),
      value(
        'Additional driving time',
        'additional_driving_time',
        (o) => (o.additional_driving_time === null ? '' : `${o.additional_driving_time} min`),
        { minWidth: 110 },
      ),
      {
        headerName: 'Additional driving distance',
        colId: 'additional_driving_distance',
        minWidth: 110,
        valueGetter: (params) => (params.data?.order.additional_driving_distance ?? '') as string,
        cellRenderer: (params: ICellRendererParams<GridRow>) => {
          const distance = params.data?.order.additional_driving_distance ?? null;
          if (distance === null) return null;
          return isDistanceFlagged(distance) ? (
            <span className="webshop-orders__warning" data-flagged="true" title="Additional driving distance above 10">
              <WarningIcon /> {distance} km
            </span>
          ) : (
            <span>{distance} km</span>
          );
        },
      },
      value('Order origin', 'origin', (o) => o.origin ?? '', { minWidth: 100 }),
      value('Printed at', 'printed_at', printedAt, { minWidth: 150 }),
    ];
  }, [kind, expanded, tenant]);

  const tabs = statusTabs(kind, icecream);
  const range: DateRange = { start: filters.start, end: filters.end };
  const title = ORDER_TITLES[kind];

  return (
    <OrdersMemberContext.Provider value={member}>
      <section className="webshop-orders" aria-label={title}>
        <PageTitleBar title={title}>
          {kind === 'eshop' && icecream && (
            <button type="button" className="button" onClick={() => setDialog({ name: 'cleanup' })}>
              Cleanup
            </button>
          )}
          <button
            type="button"
            className="button button--primary"
            disabled={checked.size === 0 || print.isPending}
            onClick={printChecked}
          >
            Print
          </button>
        </PageTitleBar>
        <div className="webshop-orders__filters">
          <DateRangeInput value={range} onChange={(next) => onFilters({ ...next, page: 1 })} />
          <SearchBox initialValue={filters.search} onSearch={(search) => onFilters({ search, page: 1 })} />
        </div>
        <div className="webshop-orders__tabs" role="tablist" aria-label="Order status">
          {tabs.map((tab) => (
            <button
              key={tab.status}
              type="button"
              role="tab"
              aria-selected={filters.status === tab.status}
              className={
                filters.status === tab.status
                  ? 'webshop-orders__tab webshop-orders__tab--active'
                  : 'webshop-orders__tab'
              }
              onClick={() => onFilters({ status: tab.status, page: 1 })}
            >
              {tab.label}
            </button>
          ))}
        </div>
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
                ariaLabel={title}
                rows={rows}
                columns={columns}
                renderAllColumns
                rowId={(row) => `${row.kind}-${row.order.id}`}
                rowClass={(row) =>
                  row.kind === 'order'
                    ? `webshop-orders__row webshop-orders__row--${STATUS_COLOURS[row.order.status]}`
                    : undefined
                }
                loading={orders.isPending}
                emptyText="No orders found"
                fullWidthRow={{
                  isFullWidth: (row) => row.kind === 'details',
                  height: () => ORDER_DETAILS_HEIGHT,
                  render: (row) => (
                    <OrderDetails
                      slug={slug}
                      depoId={depoId}
                      order={row.order}
                      busy={status.isPending}
                      onStatus={(next) => changeStatus(row.order, next)}
                      onOpen={(name) => setDialog({ name, order: row.order })}
                    />
                  ),
                }}
              />
            </RowTicksProvider>
          </div>
        )}
        <Pagination
          page={filters.page}
          rowCount={data?.length ?? 0}
          onPageChange={(page) => onFilters({ page })}
          label={`${title} pages`}
        />
        {dialog?.name === 'cleanup' && <CleanupDialog slug={slug} depoId={depoId} onClose={() => setDialog(null)} />}
        {dialog?.name === 'route' && dialog.order && (
          <ChangeRouteDialog slug={slug} depoId={depoId} order={dialog.order} onClose={() => setDialog(null)} />
        )}
        {dialog?.name === 'depo' && dialog.order && (
          <ChangeDepoDialog slug={slug} depoId={depoId} order={dialog.order} onClose={() => setDialog(null)} />
        )}
        {dialog?.name === 'changelog' && dialog.order && (
          <ChangelogDialog slug={slug} depoId={depoId} order={dialog.order} onClose={() => setDialog(null)} />
        )}
        {printing && <OrdersPrintout slug={slug} depoId={depoId} orders={printing} onClose={() => setPrinting(null)} />}
      </section>
    </OrdersMemberContext.Provider>
  );
}

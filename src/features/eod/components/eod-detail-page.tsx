import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Fragment, useState } from 'react';
import type { EodTenant as Tenant } from '../eod-sections';
import { errorSentence } from '@/shared/errors/error-sentence';
import { formatMoney, formatQuantity } from '@/shared/format/money';
import { formatTenantDate } from '@/shared/format/tenant-date';
import { formatTimeOfDay } from '@/shared/dates/date-time-text';
import { Pagination } from '@/shared/ui/pagination/pagination';
import {
  EOD_DETAIL_PAGE_SIZE,
  eodHeaderQueryOptions,
  eodLineItemsQueryOptions,
  eodOrdersQueryOptions,
  type EodLineItem,
} from '../api/eod-detail';
import './eod.css';
import { toggledIn } from '@/shared/collections/toggled-in';
import { ExpandedIcon } from '@/shared/ui/icons';

export type EodDetailTab = 'orders' | 'line_items';

export interface EodDetailPageProps {
  tenant: Tenant;
  depoId: number;
  reportId: number;
  tab: EodDetailTab;
  page: number;
  onChange: (next: { tab: EodDetailTab; page: number }) => void;
}

const NOT_IN_INVENTORY = 'Current item is not present in inventory products list!';

/** EOD detail (delivery-operations §2): the report's orders and its line items, 100 a page. */
export function EodDetailPage({ tenant, depoId, reportId, tab, page, onChange }: EodDetailPageProps) {
  const header = useQuery(eodHeaderQueryOptions(tenant.slug, depoId, reportId));
  const orders = useQuery({ ...eodOrdersQueryOptions(tenant.slug, depoId, reportId, page), enabled: tab === 'orders' });
  const lines = useQuery({
    ...eodLineItemsQueryOptions(tenant.slug, depoId, reportId, page),
    enabled: tab === 'line_items',
  });
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const money = (value: number) => formatMoney(value, tenant);
  const h = header.data;
  const title = h
    ? [
        h.plan_event_date ? formatTenantDate(h.plan_event_date, tenant.date_format) : null,
        h.route_name,
        h.car_internal_number,
        h.driver_name,
      ]
        .filter(Boolean)
        .join(' ')
    : 'End of day report';
  const failed = header.error ?? (tab === 'orders' ? orders.error : lines.error);
  const rowCount = (tab === 'orders' ? orders.data?.length : lines.data?.length) ?? 0;

  const lineCells = (item: EodLineItem) => (
    <>
      <td>{item.category_name ?? ''}</td>
      <td>
        {item.product_name}
        {!item.inventory_presence && (
          <span className="eod-list__warning" title={NOT_IN_INVENTORY} aria-label={NOT_IN_INVENTORY}>
            {' '}
            !
          </span>
        )}
      </td>
    </>
  );

  return (
    <section className="eod-detail" aria-labelledby="eod-detail-title">
      <div className="list-page__header">
        <h1 id="eod-detail-title">{title}</h1>
        <Link to="/$tenant/depo/$depoId/end_of_day_reports" params={{ tenant: tenant.slug, depoId }} className="button">
          Back
        </Link>
      </div>
      <div className="eod-list__tabs" role="tablist" aria-label="End of day report details">
        {(
          [
            ['orders', 'Orders'],
            ['line_items', 'Order line items'],
          ] as const
        ).map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className="eod-list__tab"
            onClick={() => onChange({ tab: id, page: 1 })}
          >
            {label}
          </button>
        ))}
      </div>
      {failed && <p role="alert">{errorSentence(failed)}</p>}
      {tab === 'orders' ? (
        <table className="eod-detail__table" aria-label="Orders">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Order ID</th>
              <th scope="col">Total amount</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {(orders.data ?? []).map((order) => {
              const expanded = open.has(order.id);
              return (
                <Fragment key={order.id}>
                  <tr>
                    <td>{formatTimeOfDay(order.time, tenant.time_zone)}</td>
                    <td>{order.wallmob_order_id ?? order.id}</td>
                    <td>{money(order.total_revenue)}</td>
                    <td>
                      <button
                        type="button"
                        className="eod-list__icon"
                        aria-expanded={expanded}
                        aria-label={`${expanded ? 'Collapse' : 'Expand'} order ${order.wallmob_order_id ?? order.id}`}
                        onClick={() => setOpen((current) => toggledIn(current, order.id))}
                      >
                        <ExpandedIcon open={expanded} />
                      </button>
                    </td>
                  </tr>
                  {expanded && (
                    <tr>
                      <td colSpan={4}>
                        <table
                          className="eod-detail__items"
                          aria-label={`Line items of order ${order.wallmob_order_id ?? order.id}`}
                        >
                          <thead>
                            <tr>
                              <th scope="col">Category</th>
                              <th scope="col">Product</th>
                              <th scope="col">Quantity</th>
                              <th scope="col">Discount</th>
                              <th scope="col">Amount</th>
                            </tr>
                          </thead>
                          <tbody>
                            {order.eod_order_line_items.map((item) => (
                              <tr key={item.id}>
                                {lineCells(item)}
                                <td>{formatQuantity(item.quantity, tenant.locale)}</td>
                                <td>{money(item.discount)}</td>
                                <td>{money(item.total_line_amount)}</td>
                              </tr>
                            ))}
                            <tr>
                              <th scope="row" colSpan={2}>
                                Total
                              </th>
                              <td>{formatQuantity(order.total_quantity, tenant.locale)}</td>
                              <td>{money(order.total_discount)}</td>
                              <td>{money(order.total_revenue)}</td>
                            </tr>
                          </tbody>
                        </table>
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      ) : (
        <table className="eod-detail__table" aria-label="Order line items">
          <thead>
            <tr>
              <th scope="col">Product category</th>
              <th scope="col">Product name</th>
              <th scope="col">SKU</th>
              <th scope="col">Quantity</th>
              <th scope="col">Total</th>
              <th scope="col">Discount</th>
              <th scope="col">Transfer</th>
            </tr>
          </thead>
          <tbody>
            {(lines.data ?? []).map((item) => (
              <tr key={item.id}>
                {lineCells(item)}
                <td>{item.wallmob_sku ?? ''}</td>
                <td>{formatQuantity(item.quantity, tenant.locale)}</td>
                <td>{money(item.total_line_amount)}</td>
                <td>{money(item.discount)}</td>
                <td>{item.stock_transfer_id ? `#${item.stock_transfer_id}` : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination
        page={page}
        rowCount={rowCount}
        pageSize={EOD_DETAIL_PAGE_SIZE}
        onPageChange={(next) => onChange({ tab, page: next })}
        label="End of day report detail pages"
      />
    </section>
  );
}

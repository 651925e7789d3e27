import { useState, type FormEvent } from 'react';
import { monthRange, type DateRange } from '@/shared/dates/calendar-date';
import { todayIn } from '@/shared/dates/today-in';
import { formatTenantDateTime } from '@/shared/format/tenant-date';
import { DateRangeInput } from '@/shared/ui/date-range/date-range-input';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { useFlashOnError } from '@/shared/ui/flash/use-flash-on-error';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';
import { Pagination } from '@/shared/ui/pagination/pagination';
import { useWarehouses } from '../../warehouses/api/get-warehouses';
import { exportWriteOffs } from '../api/export-write-offs';
import {
  type OrderKey,
  type WarehouseOrderFilters,
  useWarehouseOrdersList,
  warehouseOrdersListKey,
} from '../api/warehouse-orders';
import { useLiveStock } from '../../live/use-live-stock';
import '../../manual-counting/components/counting.css';

const HEADERS: Array<{ key: OrderKey; label: string }> = [
  { key: 'from', label: 'Ordered From' },
  { key: 'to', label: 'Ordered To' },
  { key: 'ordered_at', label: 'Ordered at' },
];

const selectedIds = (select: HTMLSelectElement) => Array.from(select.selectedOptions, (option) => Number(option.value));

/**
 * /warehouse_orders (spec §2.1): the depo's stock orders across warehouses. The filters (from and to warehouses,
 * the current month by default) apply on Filter; the headers sort; each order opens in a new tab. The write-off
 * export shows for a tenant with `has_write_off_export`.
 */
export interface WarehouseOrdersTenant {
  time_zone: string;
  date_format: string;
  has_write_off_export: boolean;
}

export function WarehouseOrdersPage({
  slug,
  depoId,
  tenant,
}: {
  slug: string;
  depoId: number;
  tenant: WarehouseOrdersTenant;
}) {
  const [draft, setDraft] = useState<{ from: number[]; to: number[]; range: DateRange }>(() => ({
    from: [],
    to: [],
    range: monthRange(todayIn(tenant.time_zone)),
  }));
  const [filters, setFilters] = useState<WarehouseOrderFilters>(() => ({
    fromWarehouseIds: [],
    toWarehouseIds: [],
    range: draft.range,
    orderKey: 'ordered_at',
    orderDirection: 'desc',
    page: 1,
  }));
  const warehouses = useWarehouses(slug, depoId);
  const list = useWarehouseOrdersList(slug, depoId, filters);
  useLiveStock(depoId, warehouseOrdersListKey(slug, depoId));
  useFlashOnError(list.error ?? warehouses.error);
  const rows = list.data ?? [];

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters((old) => ({
      ...old,
      fromWarehouseIds: draft.from,
      toWarehouseIds: draft.to,
      range: draft.range,
      page: 1,
    }));
  };
  const sortBy = (key: OrderKey) =>
    setFilters((old) => ({
      ...old,
      orderKey: key,
      page: 1,
      orderDirection:
        old.orderKey === key ? (old.orderDirection === 'asc' ? 'desc' : 'asc') : key === 'ordered_at' ? 'desc' : 'asc',
    }));
  const options = (warehouses.data ?? []).map((w) => (
    <option key={w.id} value={w.id}>
      {w.name} ({w.code})
    </option>
  ));

  return (
    <section className="admin-page">
      <PageTitleBar title="Warehouse orders">
        {tenant.has_write_off_export && (
          <button
            type="button"
            className="button"
            onClick={() => {
              exportWriteOffs(slug, depoId, filters.fromWarehouseIds, filters.range).catch((failure: unknown) =>
                flashRequestError(failure),
              );
            }}
          >
            Write off export
          </button>
        )}
      </PageTitleBar>
      <form className="counting-doc__actions" onSubmit={apply} aria-label="Filters">
        <label className="field__label">
          From warehouse
          <select
            multiple
            value={draft.from.map(String)}
            onChange={(event) => {
              const from = selectedIds(event.target);
              setDraft((d) => ({ ...d, from }));
            }}
          >
            {options}
          </select>
        </label>
        <label className="field__label">
          To warehouse
          <select
            multiple
            value={draft.to.map(String)}
            onChange={(event) => {
              const to = selectedIds(event.target);
              setDraft((d) => ({ ...d, to }));
            }}
          >
            {options}
          </select>
        </label>
        <DateRangeInput value={draft.range} onChange={(range) => setDraft((d) => ({ ...d, range }))} />
        <button type="submit" className="button button--primary">
          Filter
        </button>
      </form>
      <table className="counting-lines" aria-label="Warehouse orders">
        <thead>
          <tr>
            {HEADERS.map(({ key, label }) => (
              <th
                key={key}
                aria-sort={
                  filters.orderKey === key ? (filters.orderDirection === 'asc' ? 'ascending' : 'descending') : undefined
                }
              >
                <button type="button" className="button" onClick={() => sortBy(key)}>
                  {label}
                </button>
              </th>
            ))}
            <th>Message</th>
            <th>Created by</th>
            <th>Order</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((order) => (
            <tr key={order.id}>
              <td>{order.from_name ?? ''}</td>
              <td>{order.to_name ?? ''}</td>
              <td>{formatTenantDateTime(order.ordered_at, tenant.date_format, tenant.time_zone)}</td>
              <td>{order.message ?? ''}</td>
              <td>{order.created_by_name ?? ''}</td>
              <td>
                <a
                  href={`/${slug}/inventory/depo/${depoId}/warehouses/${order.warehouse_id}/stock_orders/${order.id}`}
                  target="_blank"
                  rel="noopener"
                  aria-label={`Open order ${order.id}`}
                >
                  Open
                </a>
              </td>
            </tr>
          ))}
          {!list.isPending && rows.length === 0 && (
            <tr>
              <td colSpan={6}>No stock orders</td>
            </tr>
          )}
        </tbody>
      </table>
      <Pagination
        page={filters.page}
        rowCount={rows.length}
        onPageChange={(page) => setFilters((old) => ({ ...old, page }))}
        label="Warehouse order pages"
      />
    </section>
  );
}

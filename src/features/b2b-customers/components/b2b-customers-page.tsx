import { lazy, Suspense, useMemo, useState } from 'react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { formatTenantDate } from '@/shared/format/tenant-date';
import { liveTopics } from '@/shared/realtime/live-topics';
import { useLiveInvalidation } from '@/shared/realtime/use-live-invalidation';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import { requestErrorText } from '@/shared/ui/flash/request-error-text';
import { Pagination } from '@/shared/ui/pagination/pagination';
import { useB2bCustomerStatusSizes } from '../api/get-b2b-customer-status-sizes';
import { useB2bCustomers } from '../api/get-b2b-customers';
import { b2bCustomerKeys } from '../b2b-customer-keys';
import type { B2bCustomerRow } from '../b2b-customer-row';
import { filtersFromSearch, nextSearch, type B2bCustomersSearch } from '../b2b-customers-search';
import { canEditB2bCustomers, type B2bMember } from '../can-edit-b2b-customers';
import { B2bCustomerDetails, detailsHeight } from './b2b-customer-details';
import { B2bCustomerFilterBar } from './b2b-customer-filter-bar';
import { B2bCustomerTabList } from './b2b-customer-tab-list';
import './b2b-customers.css';
import { toggledIn } from '@/shared/collections/toggled-in';
import { ExpandedIcon } from '@/shared/ui/icons';

// The dialog and its form library load when it is opened, not before the list's first row.
const CreateB2bCustomerDialog = lazy(() =>
  import('./create-b2b-customer-dialog').then((module) => ({ default: module.CreateB2bCustomerDialog })),
);

/** A grid row: a customer, or the details row under an expanded one. */
type GridRow = { kind: 'customer'; customer: B2bCustomerRow } | { kind: 'details'; customer: B2bCustomerRow };

export interface B2bCustomersPageProps {
  /** The signed-in member, as the route reads it. */
  member: B2bMember;
  search: B2bCustomersSearch;
  onSearchChange: (next: B2bCustomersSearch) => void;
}

/** The B2B customers list: filters, tabs with counts, one page of 25, expandable rows (admin-core §2). */
export function B2bCustomersPage({ member, search, onSearchChange }: B2bCustomersPageProps) {
  const { tenant } = member;
  const slug = tenant.slug;
  const filters = filtersFromSearch(search);
  const sizes = useB2bCustomerStatusSizes({ slug, tenantId: tenant.id, filters });
  const list = useB2bCustomers({ slug, tenantId: tenant.id, filters, page: search.page });
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [creating, setCreating] = useState(false);
  const canEdit = canEditB2bCustomers(member);

  // Another user's change to any customer refreshes the page and the counts.
  useLiveInvalidation(liveTopics.tenant(tenant.id, 'b2b_customers'), b2bCustomerKeys(slug).all);

  const toggle = (id: number) => setExpanded((current) => toggledIn(current, id));

  const customers = list.data;
  const rows = useMemo<GridRow[] | undefined>(
    () =>
      customers?.flatMap((customer): GridRow[] =>
        expanded.has(customer.id)
          ? [
              { kind: 'customer', customer },
              { kind: 'details', customer },
            ]
          : [{ kind: 'customer', customer }],
      ),
    [customers, expanded],
  );

  const columns = useMemo<ColDef<GridRow>[]>(() => {
    const text = (
      value: (row: B2bCustomerRow) => string | null,
      headerName: string,
      extra: Partial<ColDef<GridRow>> = {},
    ): ColDef<GridRow> => ({
      headerName,
      colId: headerName.toLowerCase().replace(/ /g, '_'),
      valueGetter: (params) => (params.data ? (value(params.data.customer) ?? '') : ''),
      tooltipValueGetter: (params) => (typeof params.value === 'string' ? params.value : undefined),
      ...extra,
    });
    return [
      {
        headerName: '',
        colId: 'expand',
        width: 56,
        minWidth: 56,
        maxWidth: 56,
        flex: 0,
        cellRenderer: (params: ICellRendererParams<GridRow>) =>
          params.data ? (
            <ExpandButton
              customer={params.data.customer}
              expanded={expanded.has(params.data.customer.id)}
              onToggle={toggle}
            />
          ) : null,
      },
      text((c) => c.shop_id, 'Shop ID', { minWidth: 90 }),
      text((c) => c.segmentation, 'Segmentation', { minWidth: 110 }),
      text((c) => c.customer_name, 'Customer Name', { minWidth: 180 }),
      text((c) => c.address, 'Address', { minWidth: 200 }),
      text((c) => c.zip_code, 'Zip code', { minWidth: 90 }),
      text((c) => [c.phone, c.phone_2].filter(Boolean).join(', '), 'Phone', { minWidth: 130 }),
      text((c) => c.depo_titles.join(', '), 'Depos', { minWidth: 110 }),
      text(
        (c) => c.next_visit_dates.map((date) => formatTenantDate(date, tenant.date_format)).join(', '),
        'Next visit dates',
        { minWidth: 150 },
      ),
      text((c) => c.route_names.join(', '), 'Routes', { minWidth: 150 }),
    ];
  }, [expanded, tenant.date_format]);

  const rowCount = customers?.length ?? 0;
  const loadingFirst = list.isPending;

  return (
    <section className="b2b-customers" aria-labelledby="b2b-customers-title">
      <div className="list-page__header">
        <h1 id="b2b-customers-title">B2B Customers</h1>
        {canEdit && (
          <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
            Create B2B Customer
          </button>
        )}
      </div>

      <B2bCustomerFilterBar
        slug={slug}
        filters={filters}
        depos={member.depos}
        onChange={(change) => onSearchChange(nextSearch(search, change))}
      />

      <B2bCustomerTabList
        current={search.tab}
        sizes={sizes.data}
        loading={sizes.isFetching}
        onSelect={(tab) => onSearchChange(nextSearch(search, { tab }))}
      />
      {sizes.isError && (
        <p className="form__error" role="alert">
          {requestErrorText(sizes.error)}
        </p>
      )}

      {list.isError ? (
        <div className="form__error" role="alert">
          <p>{requestErrorText(list.error)}</p>
          <button type="button" className="button" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div
          aria-busy={list.isFetching}
          className={list.isPlaceholderData ? 'b2b-customers__grid is-stale' : 'b2b-customers__grid'}
        >
          <DataGrid<GridRow>
            ariaLabel="B2B customers"
            rows={rows}
            columns={columns}
            renderAllColumns
            rowId={(row) => `${row.kind}-${row.customer.id}`}
            loading={loadingFirst}
            emptyText="No B2B customers found"
            fullWidthRow={{
              isFullWidth: (row) => row.kind === 'details',
              height: () => detailsHeight(),
              render: (row) => (
                <B2bCustomerDetails slug={slug} tenantId={tenant.id} customer={row.customer} canEdit={canEdit} />
              ),
            }}
          />
        </div>
      )}

      <Pagination
        page={search.page}
        rowCount={rowCount}
        onPageChange={(page) => onSearchChange({ ...search, page })}
        label="B2B customers pages"
      />

      {creating && (
        <Suspense fallback={null}>
          <CreateB2bCustomerDialog slug={slug} tenantId={tenant.id} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </section>
  );
}

function ExpandButton({
  customer,
  expanded,
  onToggle,
}: {
  customer: B2bCustomerRow;
  expanded: boolean;
  onToggle: (id: number) => void;
}) {
  return (
    <button
      type="button"
      className="b2b-customers__expand"
      aria-expanded={expanded}
      aria-label={`${expanded ? 'Hide' : 'Show'} details of ${customer.customer_name}`}
      onClick={() => onToggle(customer.id)}
    >
      <ExpandedIcon open={expanded} />
    </button>
  );
}

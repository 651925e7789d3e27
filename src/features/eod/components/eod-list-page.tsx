import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import type { EodTenant as Tenant } from '../eod-sections';
import { todayIso, type DateRange } from '@/shared/dates/calendar-date';
import { errorSentence } from '@/shared/errors/error-sentence';
import { formatMoney } from '@/shared/format/money';
import { formatTenantDate, formatTenantDateTime } from '@/shared/format/tenant-date';
import { liveTopics } from '@/shared/realtime/live-topics';
import { useLiveInvalidation } from '@/shared/realtime/use-live-invalidation';
import { confirm } from '@/shared/ui/confirm/confirm-store';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import { DateRangeInput } from '@/shared/ui/date-range/date-range-input';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { Pagination } from '@/shared/ui/pagination/pagination';
import { useDeleteEod } from '../api/eod-actions';
import {
  EOD_TABS,
  eodCarsQueryOptions,
  eodKeys,
  eodListQueryOptions,
  type EodListFilters,
  type EodListRow,
  type EodTab,
} from '../api/eod-list';
import type { EodFailure } from '../eod-failure';
import { eodSections, isApproved } from '../eod-sections';
import { ApproveUnmappedDialog } from './approve-unmapped-dialog';
import { CreateEodDialog } from './create-eod-dialog';
import { EodFailureDialog } from './eod-failure-dialog';
import { EodReportSections, type Draft } from './eod-report-sections';
import { EodTimesDialog } from './eod-times-dialog';
import './eod.css';
import { toggledIn } from '@/shared/collections/toggled-in';
import { ApproveIcon, DeleteIcon, ExpandedIcon, TimesIcon, WarningIcon } from '@/shared/ui/icons';

type GridRow = { kind: 'report' | 'sections'; report: EodListRow };

export interface EodListPageProps {
  tenant: Tenant;
  depoId: number;
  filters: EodListFilters;
  /** A report to show expanded (its sections, with Approve). */
  openReportId?: number;
  onFiltersChange: (filters: EodListFilters) => void;
}

/** The height the expanded sections need (the grid wants it up front). */
function sectionsHeight(iceCream: boolean): number {
  return (
    160 +
    eodSections(iceCream).reduce((sum, section) => sum + 90 + 36 * (section.lines.length + (section.fixed ? 1 : 0)), 0)
  );
}

/** End-of-day reports of a depo (delivery-operations §2): three tabs, car and date filters, 25 a page. */
export function EodListPage({ tenant, depoId, filters, openReportId, onFiltersChange }: EodListPageProps) {
  const slug = tenant.slug;
  const list = useQuery(eodListQueryOptions(slug, depoId, filters));
  const cars = useQuery(eodCarsQueryOptions(slug, depoId));
  const remove = useDeleteEod(slug, depoId);
  const [range, setRange] = useState<DateRange>({ start: filters.start, end: filters.end });
  const [carIds, setCarIds] = useState<string[]>(filters.carIds.map(String));
  // A report named in the URL (`?report=`, the way back from the EOD stock dialog's transfer) starts open.
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(
    () => new Set(openReportId !== undefined ? [openReportId] : []),
  );
  const [creating, setCreating] = useState(false);
  const [mapping, setMapping] = useState<EodListRow | null>(null);
  const [timing, setTiming] = useState<EodListRow | null>(null);
  const [failure, setFailure] = useState<{ failure: EodFailure; reportId: number | null } | null>(null);
  const [drafts, setDrafts] = useState<ReadonlyMap<number, Draft>>(new Map());
  const setDraft = (id: number) => (draft: Draft | null) =>
    setDrafts((current) => {
      const next = new Map(current);
      if (draft) next.set(id, draft);
      else next.delete(id);
      return next;
    });
  // Another member's approval, edit or a POS sale reaches this list without a reload.
  useLiveInvalidation(liveTopics.depo(depoId, 'end_of_day_reports'), eodKeys(slug, depoId).all);
  const iceCream = tenant.uses_ice_cream_eod_layout;
  const unmapped = filters.tab === 'unmapped';

  const dayOf = (row: EodListRow) =>
    row.plan_event_date ??
    (row.start_at ? todayIso(new Date(row.start_at), tenant.time_zone) : todayIso(new Date(), tenant.time_zone));
  const when = (at: string | null) => (at ? formatTenantDateTime(at, tenant.date_format, tenant.time_zone) : '–');

  const onDelete = async (row: EodListRow) => {
    if (!(await confirm({ message: 'Are you sure you want destroy this EOD?', destructive: true }))) return;
    remove.mutate(row.id, {
      onSuccess: () => showFlash('End of day report succesfully deleted'),
      onError: () => showFlash('Error happened while trying to destroy row', 'alert'),
    });
  };

  const rows = useMemo<GridRow[] | undefined>(
    () =>
      list.data?.flatMap((report): GridRow[] =>
        expanded.has(report.id)
          ? [
              { kind: 'report', report },
              { kind: 'sections', report },
            ]
          : [{ kind: 'report', report }],
      ),
    [list.data, expanded],
  );

  const columns = useMemo<ColDef<GridRow>[]>(() => {
    const text = (
      headerName: string,
      colId: string,
      get: (row: EodListRow) => string,
      extra: Partial<ColDef<GridRow>> = {},
    ): ColDef<GridRow> => ({
      headerName,
      colId,
      valueGetter: (params) => (params.data ? get(params.data.report) : ''),
      ...extra,
    });
    const total = text('Total', 'total', (r) => formatMoney(r.final_total, tenant), {
      type: 'rightAligned',
      minWidth: 110,
    });
    const flip = (id: number) => setExpanded((current) => toggledIn(current, id));
    const actions: ColDef<GridRow> = {
      headerName: 'Actions',
      colId: 'actions',
      minWidth: 200,
      cellRenderer: (params: ICellRendererParams<GridRow>) => {
        if (!params.data) return null;
        const row = params.data.report;
        const open = expanded.has(row.id);
        const deletable = !(isApproved(row.status) && !tenant.can_delete_approved_eod);
        return (
          <span className="eod-list__actions">
            {!unmapped && (
              <button
                type="button"
                className="eod-list__icon"
                aria-expanded={open}
                aria-label={`${open ? 'Collapse' : 'Expand'} report ${row.id}`}
                onClick={() => flip(row.id)}
              >
                <ExpandedIcon open={open} />
              </button>
            )}
            {!unmapped && row.plan_event_id !== null && (
              <Link
                to="/$tenant/depo/$depoId/end_of_day_reports/$reportId"
                params={{ tenant: slug, depoId, reportId: row.id }}
                aria-label={`Orders of report ${row.id}`}
              >
                Orders
              </Link>
            )}
            {!unmapped && row.plan_event_id === null && (
              <span className="eod-list__warning" title="Current End of day report does not have plan event!">
                <WarningIcon label="Current End of day report does not have plan event!" />
              </span>
            )}
            {!row.driver_has_wallmob_user && (
              <span
                className="eod-list__warning"
                title="Current Driver does not have assigned wallmob user!"
                aria-label="Current Driver does not have assigned wallmob user!"
              >
                !
              </span>
            )}
            {unmapped && (
              <button
                type="button"
                className="eod-list__icon"
                aria-label={`Edit times of report ${row.id}`}
                onClick={() => setTiming(row)}
              >
                <TimesIcon />
              </button>
            )}
            {unmapped && iceCream && (
              <button
                type="button"
                className="eod-list__icon"
                aria-label={`Approve report ${row.id}`}
                onClick={() => setMapping(row)}
              >
                <ApproveIcon />
              </button>
            )}
            {deletable && (
              <button
                type="button"
                className="eod-list__icon eod-list__icon--danger"
                aria-label={`Delete report ${row.id}`}
                onClick={() => void onDelete(row)}
              >
                <DeleteIcon />
              </button>
            )}
          </span>
        );
      },
    };
    if (unmapped) {
      return [
        text('Opened', 'opened', (r) => when(r.start_at), { minWidth: 150 }),
        text('Closed', 'closed', (r) => when(r.end_at), { minWidth: 150 }),
        text('Driver', 'driver', (r) => r.driver_name ?? ''),
        text('Cash register', 'cash_register', (r) => r.cash_register_name ?? ''),
        total,
        actions,
      ];
    }
    return [
      text('Date', 'date', (r) => formatTenantDate(dayOf(r), tenant.date_format), { minWidth: 110 }),
      text('Route', 'route', (r) => r.route_name ?? ''),
      text('Car', 'car', (r) => r.car_internal_number ?? ''),
      text('Driver', 'driver', (r) => r.driver_name ?? ''),
      total,
      text('Approved By', 'approved_by', (r) => r.approved_by_name ?? ''),
      text('Transfer', 'transfer', (r) => (r.stock_transfer_id ? `#${r.stock_transfer_id}` : '')),
      actions,
    ];
    // dayOf, when and onDelete read only the tenant and the mutations, which the deps cover.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expanded, unmapped, iceCream, tenant, slug, depoId]);

  const applyFilters = () =>
    onFiltersChange({ ...filters, start: range.start, end: range.end, carIds: carIds.map(Number), page: 1 });

  return (
    <section className="eod-list" aria-labelledby="eod-list-title">
      <div className="list-page__header">
        <h1 id="eod-list-title">End of day reports</h1>
        <span className="eod-list__header-actions">
          {tenant.shows_eod_sales_export && (
            <Link className="button" to="/$tenant/depo/$depoId/sales_export" params={{ tenant: slug, depoId }}>
              Export sales/transfers
            </Link>
          )}
          <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
            Create EOD
          </button>
        </span>
      </div>
      <div className="eod-list__tabs" role="tablist" aria-label="End of day report groups">
        {EOD_TABS.map(({ tab, label }) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={tab === filters.tab}
            className="eod-list__tab"
            onClick={() => onFiltersChange({ ...filters, tab: tab satisfies EodTab, page: 1 })}
          >
            {label}
          </button>
        ))}
      </div>
      <form
        className="eod-list__filters"
        onSubmit={(event) => {
          event.preventDefault();
          applyFilters();
        }}
      >
        <label className="eod-list__cars">
          Cars
          <select
            multiple
            value={carIds}
            onChange={(event) => setCarIds([...event.target.selectedOptions].map((option) => option.value))}
          >
            {(cars.data ?? []).map((car) => (
              <option key={car.id} value={String(car.id)}>
                {car.internal_number}
              </option>
            ))}
          </select>
        </label>
        <DateRangeInput value={range} onChange={setRange} />
        <button type="submit" className="button">
          Filter
        </button>
      </form>
      {list.isError ? (
        <div className="form__error" role="alert">
          <p>{errorSentence(list.error)}</p>
          <button type="button" className="button" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div aria-busy={list.isFetching}>
          <DataGrid<GridRow>
            ariaLabel="End of day reports"
            rows={rows}
            columns={columns}
            rowId={(row) => `${row.kind}-${row.report.id}`}
            loading={list.isPending}
            emptyText="No end of day reports found"
            fullWidthRow={{
              isFullWidth: (row) => row.kind === 'sections',
              height: () => sectionsHeight(iceCream),
              render: (row) => (
                <EodReportSections
                  tenant={tenant}
                  depoId={depoId}
                  reportId={row.report.id}
                  onFailure={(found) => setFailure({ failure: found, reportId: row.report.id })}
                  draft={drafts.get(row.report.id) ?? null}
                  setDraft={setDraft(row.report.id)}
                />
              ),
            }}
          />
        </div>
      )}
      <Pagination
        page={filters.page}
        rowCount={list.data?.length ?? 0}
        onPageChange={(page) => onFiltersChange({ ...filters, page })}
        label="End of day report pages"
      />
      {creating && (
        <CreateEodDialog
          slug={slug}
          depoId={depoId}
          today={todayIso(new Date(), tenant.time_zone)}
          onClose={() => setCreating(false)}
        />
      )}
      {mapping && (
        <ApproveUnmappedDialog
          slug={slug}
          depoId={depoId}
          row={mapping}
          date={dayOf(mapping)}
          onFailure={(found) => setFailure({ failure: found, reportId: mapping.id })}
          onClose={() => setMapping(null)}
        />
      )}
      {timing && (
        <EodTimesDialog
          slug={slug}
          depoId={depoId}
          row={timing}
          timeZone={tenant.time_zone}
          onClose={() => setTiming(null)}
        />
      )}
      {failure && (
        <EodFailureDialog
          failure={failure.failure}
          reportId={failure.reportId}
          tenant={tenant}
          iceCream={iceCream}
          depoId={depoId}
          onClose={() => setFailure(null)}
        />
      )}
    </section>
  );
}

import { useMemo, useState } from 'react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import type { DateRange } from '@/shared/dates/calendar-date';
import { formatTimeOfDay } from '@/shared/dates/date-time-text';
import { formatTenantDateTime } from '@/shared/format/tenant-date';
import { liveTopics } from '@/shared/realtime/live-topics';
import { useLiveInvalidation } from '@/shared/realtime/use-live-invalidation';
import { DataGrid } from '@/shared/ui/data-grid/data-grid';
import { DateRangeInput } from '@/shared/ui/date-range/date-range-input';
import { requestErrorText } from '@/shared/ui/flash/request-error-text';
import { PageTitleBar } from '@/shared/ui/form-fields/page-title-bar';
import { Pagination } from '@/shared/ui/pagination/pagination';
import {
  feedbackKeys,
  useFeedbackChoices,
  useFeedbacks,
  type FeedbackFilters,
  type FeedbackRow,
  type FeedbackStatus,
} from '../api/get-feedbacks';
import type { FeedbackTenant } from '../feedback-tenant';
import { formatStay, truncateComment } from '../feedback-text';
import { FEEDBACK_REVIEW_HEIGHT, FeedbackReview } from './feedback-review';
import './feedback.css';
import { toggledIn } from '@/shared/collections/toggled-in';
import { ExpandedIcon } from '@/shared/ui/icons';

type GridRow = { kind: 'feedback'; feedback: FeedbackRow } | { kind: 'review'; feedback: FeedbackRow };

const TABS: ReadonlyArray<{ label: string; status: FeedbackStatus }> = [
  { label: 'Unapproved', status: 'pending' },
  { label: 'Approved', status: 'approved' },
];

interface Props {
  tenant: FeedbackTenant;
  depoId: number;
  filters: FeedbackFilters;
  /** The range the list starts with (Cancel goes back to it). */
  defaultRange: DateRange;
  onFilters: (next: Partial<FeedbackFilters>) => void;
}

const chosen = (select: HTMLSelectElement) => [...select.selectedOptions].map((option) => option.value);

/** Customer feedback of a depo (delivery-operations §2): tabs, filters, and each row's review. */
export function FeedbackPage({ tenant, depoId, filters, defaultRange, onFilters }: Props) {
  const slug = tenant.slug;
  const feedbacks = useFeedbacks(slug, depoId, filters);
  const choices = useFeedbackChoices(slug, depoId);
  useLiveInvalidation(liveTopics.depo(depoId, 'feedbacks'), feedbackKeys(slug, depoId).all);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  // The filters being chosen; Filter applies them, Cancel resets them.
  const [draft, setDraft] = useState({
    drivers: filters.drivers,
    routes: filters.routes,
    start: filters.start,
    end: filters.end,
  });

  const data = feedbacks.data;
  const rows = useMemo<GridRow[] | undefined>(
    () =>
      data?.flatMap((feedback): GridRow[] =>
        expanded.has(feedback.id)
          ? [
              { kind: 'feedback', feedback },
              { kind: 'review', feedback },
            ]
          : [{ kind: 'feedback', feedback }],
      ),
    [data, expanded],
  );

  const columns = useMemo<ColDef<GridRow>[]>(() => {
    const at = (value: string | null) =>
      value ? formatTenantDateTime(value, tenant.date_format, tenant.time_zone) : '';
    // The row's date is in its own column: the arrivals show their time of day.
    const time = (value: string | null) => formatTimeOfDay(value, tenant.time_zone);
    const value = (
      headerName: string,
      colId: string,
      get: (row: FeedbackRow) => string,
      minWidth = 120,
    ): ColDef<GridRow> => ({
      headerName,
      colId,
      minWidth,
      wrapHeaderText: true,
      autoHeaderHeight: true,
      valueGetter: (params) => (params.data ? get(params.data.feedback) : ''),
    });
    return [
      // Narrow enough that every column, Comment, Manager comment and Handled by included, fits 1440 px; long
      // headers wrap instead of widening their columns.
      value('Date', 'created_at', (f) => at(f.created_at), 130),
      value('Route', 'route_name', (f) => f.route_name ?? '', 100),
      value('Driver name', 'driver_name', (f) => f.driver_name ?? '', 100),
      value('Planned arrival time', 'planned_arrival_time', (f) => time(f.planned_arrival_time), 80),
      value('Actual arrival time', 'actual_arrival_time', (f) => time(f.actual_arrival_time), 80),
      value('Stop duration', 'stop_duration', (f) => formatStay(f.stop_duration_seconds), 80),
      value('Feedback', 'positive', (f) => (f.positive ? 'Positive' : 'Negative'), 90),
      value('Phone', 'customer_phone_number', (f) => f.customer_phone_number ?? '', 110),
      value('Comment', 'comment', (f) => truncateComment(f.comment), 150),
      value('Manager comment', 'manager_comment', (f) => truncateComment(f.manager_comment), 150),
      value('Handled by', 'handled_by_full_name', (f) => f.handled_by_full_name ?? '', 100),
      {
        headerName: '',
        colId: 'actions',
        minWidth: 60,
        maxWidth: 70,
        cellRenderer: (params: ICellRendererParams<GridRow>) => {
          if (!params.data) return null;
          const { id } = params.data.feedback;
          const open = expanded.has(id);
          return (
            <button
              type="button"
              className="feedback__expand"
              aria-expanded={open}
              aria-label={`${open ? 'Hide' : 'Show'} feedback ${id}`}
              onClick={() => setExpanded((current) => toggledIn(current, id))}
            >
              <ExpandedIcon open={open} />
            </button>
          );
        },
      },
    ];
  }, [expanded, tenant]);

  return (
    <section className="feedback" aria-label="Customer feedback">
      <PageTitleBar title="Customer feedback" />
      <div className="feedback__filters">
        <label className="field">
          <span className="field__label">Drivers</span>
          <select
            multiple
            className="field__input"
            value={draft.drivers}
            onChange={(event) => setDraft({ ...draft, drivers: chosen(event.target) })}
          >
            {choices.data?.drivers.map((driver) => (
              <option key={driver.id} value={driver.id}>
                {driver.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Routes</span>
          <select
            multiple
            className="field__input"
            value={draft.routes.map(String)}
            onChange={(event) => setDraft({ ...draft, routes: chosen(event.target).map(Number) })}
          >
            {choices.data?.routes.map((route) => (
              <option key={route.id} value={route.id}>
                {route.name}
              </option>
            ))}
          </select>
        </label>
        <DateRangeInput
          value={{ start: draft.start, end: draft.end }}
          onChange={(range) => setDraft({ ...draft, ...range })}
        />
        <div className="feedback__filter-buttons">
          <button type="button" className="button button--primary" onClick={() => onFilters({ ...draft, page: 1 })}>
            Filter
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              const reset = { drivers: [], routes: [], ...defaultRange };
              setDraft(reset);
              onFilters({ ...reset, page: 1 });
            }}
          >
            Cancel
          </button>
        </div>
      </div>
      <div className="feedback__tabs" role="tablist" aria-label="Feedback status">
        {TABS.map((tab) => (
          <button
            key={tab.status}
            type="button"
            role="tab"
            aria-selected={filters.status === tab.status}
            className={filters.status === tab.status ? 'feedback__tab feedback__tab--active' : 'feedback__tab'}
            onClick={() => onFilters({ status: tab.status, page: 1 })}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {feedbacks.isError ? (
        <div className="form__error" role="alert">
          <p>{requestErrorText(feedbacks.error)}</p>
          <button type="button" className="button" onClick={() => void feedbacks.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div aria-busy={feedbacks.isFetching}>
          <DataGrid<GridRow>
            ariaLabel="Customer feedback"
            rows={rows}
            columns={columns}
            renderAllColumns
            fitWidth
            rowId={(row) => `${row.kind}-${row.feedback.id}`}
            rowClass={(row) =>
              row.kind === 'feedback' && !row.feedback.positive ? 'feedback__row--negative' : undefined
            }
            loading={feedbacks.isPending}
            emptyText="No feedback found"
            fullWidthRow={{
              isFullWidth: (row) => row.kind === 'review',
              height: () => FEEDBACK_REVIEW_HEIGHT,
              render: (row) => (
                <FeedbackReview
                  key={`${row.feedback.id}-${row.feedback.status}`}
                  tenant={tenant}
                  slug={slug}
                  depoId={depoId}
                  feedback={row.feedback}
                />
              ),
            }}
          />
        </div>
      )}
      <Pagination
        page={filters.page}
        rowCount={data?.length ?? 0}
        onPageChange={(page) => onFilters({ page })}
        label="Feedback pages"
      />
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { errorSentence } from '@/shared/errors/error-sentence';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { formatMoney } from '@/shared/format/money';
import { formatTenantDateTime } from '@/shared/format/tenant-date';
import { showFlash } from '@/shared/ui/flash/flash-store';
import type { EodTenant as Tenant } from '../eod-sections';
import { useApproveEod } from '../api/eod-actions';
import { eodReportQueryOptions, useSaveEodReport, type EodEdits } from '../api/eod-report';
import { eodFailure, type EodFailure } from '../eod-failure';
import {
  editedField,
  eodSections,
  finalField,
  isApproved,
  isPending,
  type EodAmountField,
  type EodReport,
} from '../eod-sections';

export interface EodReportSectionsProps {
  tenant: Tenant;
  depoId: number;
  reportId: number;
  /** The spec's dialogs live on the page: the grid may redraw this row while one is open. */
  onFailure: (failure: EodFailure) => void;
  draft: Draft | null;
  setDraft: (draft: Draft | null) => void;
}

/** The inputs of a report being edited (text as typed), kept by the page: the grid may redraw this row meanwhile. */
export type Draft = Partial<Record<EodAmountField, string>> & { bag_number?: string };

const amount = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** Draft inputs to the PATCH body: only what changed; an emptied field clears the edit. */
function editsOf(draft: Draft, report: EodReport): EodEdits {
  const edits: EodEdits = {};
  for (const [field, text] of Object.entries(draft) as Array<[keyof Draft, string]>) {
    if (field === 'bag_number') {
      if (text !== (report.bag_number ?? '')) edits.bag_number = text === '' ? null : text;
      continue;
    }
    const next = text.trim() === '' ? null : Number(text);
    if (next !== report[editedField(field)]) edits[editedField(field)] = next;
  }
  return edits;
}

/** An expanded report: opened, closed and bag number, then each section's transactions, edited transactions and balance. */
export function EodReportSections({ tenant, depoId, reportId, onFailure, draft, setDraft }: EodReportSectionsProps) {
  const report = useQuery(eodReportQueryOptions(tenant.slug, depoId, reportId));
  const save = useSaveEodReport(tenant.slug, depoId);
  const approve = useApproveEod(tenant.slug, depoId);
  const lock = useSubmitLock();
  const iceCream = tenant.uses_ice_cream_eod_layout;

  if (report.isPending) return <p className="muted">Loading…</p>;
  if (report.isError) return <p role="alert">{errorSentence(report.error)}</p>;
  const row = report.data;
  const approved = isApproved(row.status);
  // Amounts need a plan event and are not edited once approved; the bag number stays editable (§4).
  const amountsEditable = !approved && row.plan_event_id !== null;
  const edits = draft ? editsOf(draft, row) : {};
  const money = (value: number) => formatMoney(value, tenant);

  const fail = (error: unknown) => {
    const dialog = eodFailure(error);
    if (dialog) onFailure(dialog);
    else showFlash(errorSentence(error), 'alert');
  };

  const onSave = () => {
    if (Object.keys(edits).length === 0 || !lock.acquire()) return;
    // The promise, not mutate's callbacks: a live refetch can make the grid re-create this row while the save is
    // under way, and mutate's callbacks are dropped with the unmounted component (the draft lives in the page).
    save
      .mutateAsync({ id: row.id, edits })
      .then((saved) => {
        setDraft(null);
        showFlash(saved.plan_event_id === null ? 'EOD report unlinked from plan event.' : 'Row successfully updated!');
      }, fail)
      .finally(() => lock.release());
  };

  const onApprove = () => {
    if (!lock.acquire()) return;
    // Not mutate's callbacks: the list is live, and the approval's own broadcast may take this row (and these
    // sections) off the Unapproved tab before the answer arrives, which would drop them.
    void approve
      .mutateAsync(row.id)
      .then(() => showFlash('End of day report approved'), fail)
      .finally(() => lock.release());
  };

  const input = (field: EodAmountField, label: string) => (
    <input
      type="number"
      min={0}
      step="0.01"
      className="eod-sections__input"
      aria-label={`Edited ${label}`}
      value={draft?.[field] ?? amount(row[editedField(field)])}
      onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
    />
  );

  return (
    <div className="eod-sections" data-testid={`eod-sections-${row.id}`}>
      <dl className="eod-sections__head">
        <dt>Opened</dt>
        <dd>{row.start_at ? formatTenantDateTime(row.start_at, tenant.date_format, tenant.time_zone) : '–'}</dd>
        <dt>Closed</dt>
        <dd>{row.end_at ? formatTenantDateTime(row.end_at, tenant.date_format, tenant.time_zone) : '–'}</dd>
        <dt>Bag number</dt>
        <dd>
          {draft ? (
            <input
              type="text"
              aria-label="Bag number"
              maxLength={40}
              value={draft.bag_number ?? row.bag_number ?? ''}
              onChange={(event) => setDraft({ ...draft, bag_number: event.target.value })}
            />
          ) : (
            (row.bag_number ?? '–')
          )}
        </dd>
      </dl>
      {eodSections(iceCream).map((section) => (
        <section key={section.title} className="eod-sections__section" aria-label={section.title}>
          <h3>{section.title}</h3>
          <table className="eod-sections__table">
            <thead>
              <tr>
                <th scope="col" />
                <th scope="col">Transactions</th>
                <th scope="col">Edited transactions</th>
                <th scope="col">Balance</th>
              </tr>
            </thead>
            <tbody>
              {section.lines.map((line) => (
                <tr key={line.field}>
                  <th scope="row">{line.label}</th>
                  <td>{money(row[line.field])}</td>
                  <td>
                    {draft && amountsEditable
                      ? input(line.field, line.label)
                      : row[editedField(line.field)] === null
                        ? '–'
                        : money(row[editedField(line.field)] ?? 0)}
                  </td>
                  <td>{money(row[finalField(line.field)] ?? 0)}</td>
                </tr>
              ))}
              {section.fixed && (
                <tr>
                  <th scope="row">{section.title === 'Miscellaneous' ? 'Total' : section.title}</th>
                  <td colSpan={3}>{money(row[section.fixed])}</td>
                </tr>
              )}
            </tbody>
          </table>
        </section>
      ))}
      <div className="eod-sections__actions">
        {draft ? (
          <>
            <button
              type="button"
              className="button button--primary"
              disabled={Object.keys(edits).length === 0 || save.isPending}
              onClick={onSave}
            >
              Save
            </button>
            <button type="button" className="button" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button"
            onClick={() => setDraft({})}
            title={row.plan_event_id === null ? 'Current End of day report does not have plan event!' : undefined}
          >
            Edit
          </button>
        )}
        {isPending(row.status) && row.plan_event_id !== null && !draft && (
          <button type="button" className="button button--primary" disabled={approve.isPending} onClick={onApprove}>
            Approve
          </button>
        )}
      </div>
    </div>
  );
}

import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { formatTenantDate, formatTenantDateTime } from '@/shared/format/tenant-date';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { confirm } from '@/shared/ui/confirm/confirm-store';
import { DangerButton, SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { exportCountingDocument } from '../api/export-counting-document';
import { type CountingDocument, type CountingLine, useCountingChanges } from '../api/counting-documents';
import './counting.css';

interface Props {
  slug: string;
  depoId: number;
  document: CountingDocument;
  lines: CountingLine[];
  tenant: { date_format: string; time_zone: string };
}

const amount = (value: number | null) => (value === null ? '' : String(value));

/** Prints the document alone (counting.css reads `<html data-counting-print>`). */
function printDocument(): void {
  document.documentElement.dataset.countingPrint = 'true';
  window.print();
}

/**
 * A counting document (spec §2.1): its header, the lines with the changed ones highlighted, and its actions. A draft
 * gets Approve (once a line has a new value), Edit, Delete, print and Export; an approved one only print and Export.
 */
export function CountingDocumentView({ slug, depoId, document: doc, lines, tenant }: Props) {
  const navigate = useNavigate();
  const { approve, remove } = useCountingChanges(slug, depoId);
  const lock = useSubmitLock();
  const at = (value: string | null) => (value ? formatTenantDateTime(value, tenant.date_format, tenant.time_zone) : '');
  const params = { tenant: slug, depoId, warehouseId: doc.warehouse_id };

  useEffect(() => {
    const reset = () => delete document.documentElement.dataset.countingPrint;
    window.addEventListener('afterprint', reset);
    return () => {
      window.removeEventListener('afterprint', reset);
      reset();
    };
  }, []);

  const approveDocument = () => {
    if (!lock.acquire()) return;
    approve.mutate(doc.id, { onError: (failure) => flashRequestError(failure), onSettled: () => lock.release() });
  };
  const deleteDocument = async () => {
    if (
      !(await confirm({ message: 'Are you sure you want to delete this manual counting document?', destructive: true }))
    )
      return;
    if (!lock.acquire()) return;
    remove.mutate(doc.id, {
      onSuccess: () =>
        void navigate({ to: '/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/manual_countings', params }),
      onError: (failure) => flashRequestError(failure),
      onSettled: () => lock.release(),
    });
  };
  const exportDocument = () => {
    exportCountingDocument(slug, doc.id).catch((failure: unknown) => flashRequestError(failure));
  };
  const canApprove = lines.some((line) => line.new_value !== null);
  const busy = approve.isPending || remove.isPending;

  return (
    <div className="counting-doc">
      <dl className="counting-doc__header">
        <dt>Warehouse</dt>
        <dd>
          {doc.owner_title} ({doc.owner_type === 'car' ? 'Car' : 'Depo'})
        </dd>
        <dt>Status</dt>
        <dd>
          <span className="counting-doc__status" data-status={doc.status}>
            <span
              className={`counting-doc__circle${doc.status === 'approved' ? ' counting-doc__circle--approved' : ''}`}
              aria-hidden="true"
            />
            {doc.status === 'approved' ? 'Approved' : 'Not approved'}
          </span>
        </dd>
        <dt>Created by</dt>
        <dd>{doc.created_by_name ?? ''}</dd>
        <dt>Created at</dt>
        <dd>{at(doc.created_at)}</dd>
        <dt>Manually counted at</dt>
        <dd>{formatTenantDate(doc.counted_at, tenant.date_format)}</dd>
        {doc.status === 'approved' && (
          <>
            <dt>Approved by</dt>
            <dd>
              {[doc.approved_by_name, doc.approved_by_email && `(${doc.approved_by_email})`].filter(Boolean).join(' ')}
            </dd>
            <dt>Approved at</dt>
            <dd>{at(doc.approved_at)}</dd>
            <dt>Stock transfer</dt>
            <dd>
              {doc.stock_transfer_id !== null ? (
                // The transfer's view belongs to the stock transfers screens.
                <a
                  href={`/${slug}/inventory/depo/${depoId}/warehouses/${doc.warehouse_id}/stock_transfers/${doc.stock_transfer_id}`}
                >
                  Stock transfer #{doc.stock_transfer_id}
                </a>
              ) : (
                'No change'
              )}
            </dd>
          </>
        )}
      </dl>
      <div className="counting-doc__actions">
        {doc.editable && canApprove && (
          <button type="button" className="button button--primary" disabled={busy} onClick={approveDocument}>
            Approve
          </button>
        )}
        {doc.editable && (
          <Link
            className="button"
            to="/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/manual_counting_documents/$documentId/edit"
            params={{ ...params, documentId: doc.id }}
          >
            Edit
          </Link>
        )}
        {doc.editable && (
          <DangerButton disabled={busy} onClick={() => void deleteDocument()}>
            Delete
          </DangerButton>
        )}
        <SecondaryButton onClick={printDocument}>Print</SecondaryButton>
        <SecondaryButton onClick={exportDocument}>Export</SecondaryButton>
      </div>
      <table className="counting-lines" aria-label="Counted products">
        <thead>
          <tr>
            <th>Sku</th>
            <th>Description</th>
            <th className="counting-lines__number">Old value</th>
            <th className="counting-lines__number">New value</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr
              key={line.id}
              className={line.value_changed ? 'counting-lines__row--changed' : undefined}
              data-changed={line.value_changed}
            >
              <td>{line.sku}</td>
              <td>{line.description}</td>
              <td className="counting-lines__number">{amount(line.old_value)}</td>
              <td className="counting-lines__number">{amount(line.new_value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { addDays, formatDate, type TenantDateFormat } from '@/shared/dates/calendar-date';
import { todayIn } from '@/shared/dates/today-in';
import { useModalDialog } from '@/shared/hooks/use-modal-dialog';
import { parseTenantDate } from '@/shared/format/tenant-date';
import { useRequestKeys } from '@/shared/forms/use-request-keys';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { DatePicker } from '@/shared/ui/date-picker/date-picker';
import { SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { useCountingChanges } from '../api/counting-documents';

interface Props {
  slug: string;
  depoId: number;
  warehouseId: number;
  timeZone: string;
  dateFormat: TenantDateFormat;
}

/** The show page's "Manual counting": pick the counted day (yesterday on the tenant's clock), then the new document opens. */
export function ManualCountingButton(props: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Manual counting
      </button>
      {open && <ManualCountingDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}

function ManualCountingDialog({
  slug,
  depoId,
  warehouseId,
  timeZone,
  dateFormat,
  onClose,
}: Props & { onClose: () => void }) {
  const dialogRef = useModalDialog();
  const navigate = useNavigate();
  const [text, setText] = useState(() => formatDate(addDays(todayIn(timeZone), -1), dateFormat));
  const [error, setError] = useState<string | undefined>();
  const { create } = useCountingChanges(slug, depoId);
  const keys = useRequestKeys();
  const lock = useSubmitLock();

  const submit = () => {
    const countedAt = parseTenantDate(text, dateFormat);
    if (!countedAt) {
      setError(text.trim() === '' ? "can't be blank" : 'is invalid');
      return;
    }
    if (!lock.acquire()) return;
    // The key is per day: a double click (or a retry after a lost answer) opens the same document.
    const scope = `counting:${warehouseId}:${countedAt}`;
    create.mutate(
      { warehouseId, countedAt, requestKey: keys.keyFor(scope) },
      {
        onSuccess: (documentId) => {
          keys.succeeded(scope);
          void navigate({
            to: '/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/manual_counting_documents/$documentId',
            params: { tenant: slug, depoId, warehouseId, documentId },
          });
        },
        onError: (failure) => flashRequestError(failure),
        onSettled: () => lock.release(),
      },
    );
  };

  return (
    <dialog ref={dialogRef} className="confirm-dialog" aria-labelledby="manual-counting-title" onCancel={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <h2 id="manual-counting-title" className="confirm-dialog__title">
          Manual counting
        </h2>
        <DatePicker
          label="Date"
          text={text}
          onTextChange={(value) => {
            setText(value);
            setError(undefined);
          }}
          format={dateFormat}
          timeZone={timeZone}
          error={error}
          required
        />
        <div className="confirm-dialog__actions">
          <SecondaryButton onClick={onClose}>Cancel</SecondaryButton>
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            Create
          </button>
        </div>
      </form>
    </dialog>
  );
}

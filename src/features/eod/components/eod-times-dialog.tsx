import { useState } from 'react';
import { errorSentence } from '@/shared/errors/error-sentence';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { useUpdateUnmappedTimes } from '../api/eod-actions';
import type { EodListRow } from '../api/eod-list';
import { instantFromZoned, zonedInputValue } from '../zoned-input';
import { EodModal } from './eod-modal';

export interface EodTimesDialogProps {
  slug: string;
  depoId: number;
  row: EodListRow;
  timeZone: string;
  onClose: () => void;
}

/** An unmapped report's opened and closed times (the tenant's clock, 1-minute steps); may link it to a planned route. */
export function EodTimesDialog({ slug, depoId, row, timeZone, onClose }: EodTimesDialogProps) {
  const [opened, setOpened] = useState(zonedInputValue(row.start_at, timeZone));
  const [closed, setClosed] = useState(zonedInputValue(row.end_at, timeZone));
  const update = useUpdateUnmappedTimes(slug, depoId);
  const lock = useSubmitLock();
  const startAt = instantFromZoned(opened, timeZone);
  const endAt = instantFromZoned(closed, timeZone);

  const submit = () => {
    if (!startAt || !endAt || !lock.acquire()) return;
    update.mutate(
      { id: row.id, startAt, endAt },
      {
        onSuccess: (answer) => {
          showFlash(
            answer.linked
              ? `End of day report linked with with planned route: ${answer.plan_event_title ?? ''}`
              : 'Row successfully updated!',
          );
          onClose();
        },
        onError: (error) => showFlash(errorSentence(error), 'alert'),
        onSettled: () => lock.release(),
      },
    );
  };

  return (
    <EodModal
      title="Edit times"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!startAt || !endAt || update.isPending}
            onClick={submit}
          >
            Save
          </button>
        </>
      }
    >
      <label className="eod-modal__field">
        Opened
        <input type="datetime-local" step={60} value={opened} onChange={(event) => setOpened(event.target.value)} />
      </label>
      <label className="eod-modal__field">
        Closed
        <input
          type="datetime-local"
          step={60}
          value={closed}
          min={opened}
          onChange={(event) => setClosed(event.target.value)}
        />
      </label>
    </EodModal>
  );
}

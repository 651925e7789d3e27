import { useState } from 'react';
import { useOrdersMember } from '../orders-member';
import { todayIn } from '@/shared/dates/today-in';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { DateRangeInput } from '@/shared/ui/date-range/date-range-input';
import { SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { cleanupOrders, useOrderMutation } from '../api/order-actions';
import { previousYear } from '../order-dates';
import { OrderDialog } from './order-dialog';

/** Cleanup (ice-cream tenant): closes the new orders delivered in an interval, the whole previous year by default. */
export function CleanupDialog({ slug, depoId, onClose }: { slug: string; depoId: number; onClose: () => void }) {
  const { tenant } = useOrdersMember();
  const [range, setRange] = useState(() => previousYear(todayIn(tenant.time_zone)));
  const lock = useSubmitLock();
  const cleanup = useOrderMutation(slug, depoId, () => cleanupOrders(depoId, range.start, range.end));
  const run = () => {
    if (!lock.acquire()) return;
    cleanup.mutate(undefined, {
      onSuccess: (closed) => {
        showFlash(`${closed} Order closed`);
        onClose();
      },
      onError: (error) => flashRequestError(error),
      onSettled: () => lock.release(),
    });
  };
  return (
    <OrderDialog title="Cleanup orders" onClose={onClose}>
      <DateRangeInput value={range} onChange={setRange} />
      <div className="confirm-dialog__actions">
        <SecondaryButton onClick={onClose}>Cancel</SecondaryButton>
        <button type="button" className="button button--primary" disabled={cleanup.isPending} onClick={run}>
          Cleanup
        </button>
      </div>
    </OrderDialog>
  );
}

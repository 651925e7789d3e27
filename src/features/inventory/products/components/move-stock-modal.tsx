import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatDmy, parseDmy } from '@/shared/dates/calendar-date';
import { todayIn } from '@/shared/dates/today-in';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { confirm } from '@/shared/ui/confirm/confirm-store';
import { DatePicker } from '@/shared/ui/date-picker/date-picker';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { SaveButton, SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import { SelectField } from '@/shared/ui/form-fields/select-field';
import { activeProductsQueryOptions, useMoveRemainingBalances } from '../api/product-balances';

interface Props {
  slug: string;
  productId: number;
  timeZone: string;
  onClose: () => void;
}

/** 'Move stock values': every leftover balance of the product to an active product, on a date, after a confirmation. */
export function MoveStockModal({ slug, productId, timeZone, onClose }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [dateText, setDateText] = useState(() => formatDmy(todayIn(timeZone)));
  const [targetId, setTargetId] = useState('');
  const targets = useQuery(activeProductsQueryOptions(slug, productId));
  const move = useMoveRemainingBalances(slug);
  const lock = useSubmitLock();
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const date = parseDmy(dateText);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!date || !targetId || !lock.acquire()) return;
    try {
      if (
        !(await confirm({ message: 'Are you sure you want to move the remaining warehouse balances to this product?' }))
      )
        return;
      const sku = await move.mutateAsync({ productId, targetProductId: Number(targetId), date });
      showFlash(`Remaining product warehouse balances successfully moved to product with sku: ${sku}!`);
      onClose();
    } catch (failure) {
      flashRequestError(failure);
    } finally {
      lock.release();
    }
  };

  return (
    <dialog ref={dialogRef} className="confirm-dialog" aria-labelledby="move-stock-title" onCancel={onClose}>
      <form onSubmit={(event) => void submit(event)}>
        <h2 id="move-stock-title">Move stock values</h2>
        <DatePicker
          label="Movement date"
          text={dateText}
          onTextChange={setDateText}
          timeZone={timeZone}
          error={date ? undefined : 'is invalid'}
          required
        />
        <SelectField
          label="Product"
          value={targetId}
          onChange={setTargetId}
          placeholder="Choose a product"
          options={(targets.data ?? []).map((product) => ({ value: String(product.id), label: product.sku }))}
          required
        />
        <div className="confirm-dialog__actions">
          <SecondaryButton onClick={onClose}>Cancel</SecondaryButton>
          <SaveButton saving={move.isPending} disabled={!targetId || !date}>
            Move
          </SaveButton>
        </div>
      </form>
    </dialog>
  );
}

import { useEffect, useRef, useState } from 'react';
import { formatDmy, parseDmy } from '@/shared/dates/calendar-date';
import { useDebouncedValue } from '@/shared/hooks/use-debounced-value';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { requestErrorText } from '@/shared/ui/flash/request-error-text';
import { DatePicker } from '@/shared/ui/date-picker/date-picker';
import type { BalanceFuture, WarehouseProductRow } from '../api/warehouse-products';
import { typedNumber } from '../order-amounts';

export interface FutureCellProps {
  row: WarehouseProductRow;
  save: (future: BalanceFuture) => Promise<unknown>;
}

/** Saves one future column of the row's balance, flashing the spec's texts. */
function saveFuture(row: WarehouseProductRow, save: FutureCellProps['save'], change: Omit<BalanceFuture, 'balanceId'>) {
  if (row.balance_id === null) return;
  save({ balanceId: row.balance_id, ...change }).then(
    () => showFlash(`${row.sku} was updated`),
    (error: unknown) => showFlash(`There was a problem updating ${row.sku} ${requestErrorText(error)}`, 'alert'),
  );
}

/**
 * A depo warehouse row's future quantity: it saves 300 ms after the last keystroke (one save for a typed number,
 * not one per digit). A product the warehouse never held has no balance row to keep it on: the cell is disabled.
 */
export function FutureQuantityCell({ row, save }: FutureCellProps) {
  const [quantity, setQuantity] = useState(
    row.future_inventory_quantity === null ? '' : String(row.future_inventory_quantity),
  );
  const debouncedQuantity = useDebouncedValue(quantity, 300);
  const saved = useRef<number | null>(row.future_inventory_quantity);

  useEffect(() => {
    const value = typedNumber(debouncedQuantity);
    if (debouncedQuantity.trim() !== '' && value === null) return;
    if (value === saved.current) return;
    saved.current = value;
    saveFuture(row, save, { future_inventory_quantity: value });
    // Only a settled quantity saves; the row is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedQuantity]);

  return (
    <input
      className="warehouse-products__input"
      aria-label={`Future quantity of ${row.sku}`}
      inputMode="decimal"
      value={quantity}
      disabled={row.balance_id === null}
      onChange={(event) => setQuantity(event.target.value)}
    />
  );
}

/** The row's future date: saved when picked or left (none without a balance row). */
export function FutureDateCell({ row, save, timeZone }: FutureCellProps & { timeZone: string }) {
  const [dateText, setDateText] = useState(row.future_inventory_date ? formatDmy(row.future_inventory_date) : '');
  const saved = useRef<string | null>(row.future_inventory_date);
  const commitDate = (text: string) => {
    const iso = text.trim() === '' ? null : parseDmy(text);
    if ((text.trim() !== '' && iso === null) || iso === saved.current) return;
    saved.current = iso;
    saveFuture(row, save, { future_inventory_date: iso });
  };
  if (row.balance_id === null) return null;
  return (
    <DatePicker
      label={`Future date of ${row.sku}`}
      text={dateText}
      onTextChange={setDateText}
      onCommit={commitDate}
      timeZone={timeZone}
      hideLabel
    />
  );
}

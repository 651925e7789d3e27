import { useEffect, useRef, useState } from "react";
import { formatDmy, parseDmy } from "@/shared/dates/calendar-date";
import { useDebouncedValue } from "@/shared/hooks/use-debounced-value";
import { showFlash } from "@/shared/ui/flash/flash-store";
import { requestErrorText } from "@/shared/ui/flash/request-error-text";
import { DatePicker } from "@/shared/ui/date-picker/date-picker";
import type {
  BalanceFuture,
  WarehouseProductRow,
} from "../api/warehouse-products";
import { typedNumber } from "../order-amounts";

export interface FutureCellsProps {
  row: WarehouseProductRow;
  timeZone: string;
  save: (future: BalanceFuture) => Promise<unknown>;
}

/**
 * A depo warehouse row's future quantity and date. The quantity saves 300 ms after the last keystroke (one save
 * for a typed number, not one per digit), the date when it is picked or left. A product the warehouse never held
 * has no balance row to keep them on: its cells stay disabled.
 */
export function FutureCells({ row, timeZone, save }: FutureCellsProps) {
  const [quantity, setQuantity] = useState(
    row.future_inventory_quantity === null
      ? ""
      : String(row.future_inventory_quantity),
  );
  const [dateText, setDateText] = useState(
    row.future_inventory_date ? formatDmy(row.future_inventory_date) : "",
  );
  const debouncedQuantity = useDebouncedValue(quantity, 300);
  const saved = useRef<{ quantity: number | null; date: string | null }>({
    quantity: row.future_inventory_quantity,
    date: row.future_inventory_date,
  });
  const balanceId = row.balance_id;

  const persist = (next: { quantity: number | null; date: string | null }) => {
    if (
      balanceId === null ||
      (next.quantity === saved.current.quantity &&
        next.date === saved.current.date)
    )
      return;
    saved.current = next;
    save({
      balanceId,
      future_inventory_quantity: next.quantity,
      future_inventory_date: next.date,
    }).then(
      () => showFlash(`${row.sku} was updated`),
      (error: unknown) =>
        showFlash(
          `There was a problem updating ${row.sku} ${requestErrorText(error)}`,
          "alert",
        ),
    );
  };

  useEffect(() => {
    const value = typedNumber(debouncedQuantity);
    if (debouncedQuantity.trim() !== "" && value === null) return;
    persist({ quantity: value, date: saved.current.date });
    // Only a settled quantity saves; the row's other values are read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedQuantity]);

  const commitDate = (text: string) => {
    const iso = text.trim() === "" ? null : parseDmy(text);
    if (text.trim() !== "" && iso === null) return;
    persist({ quantity: typedNumber(quantity), date: iso });
  };

  const disabled = balanceId === null;
  return (
    <>
      <td>
        <input
          className="warehouse-products__input"
          aria-label={`Future quantity of ${row.sku}`}
          inputMode="decimal"
          value={quantity}
          disabled={disabled}
          onChange={(event) => setQuantity(event.target.value)}
        />
      </td>
      <td>
        {disabled ? null : (
          <DatePicker
            label={`Future date of ${row.sku}`}
            text={dateText}
            onTextChange={setDateText}
            onCommit={commitDate}
            timeZone={timeZone}
          />
        )}
      </td>
    </>
  );
}

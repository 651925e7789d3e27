import { useRef, type DragEvent } from 'react';
import type { Control } from 'react-hook-form';
import { FormTextField } from '@/shared/forms/form-fields';
import { canDropOn, editableRowsBelow, type MinimumColumn } from '../minimum-copy';
import type { ProductInput, ProductFormValues, ProductMinimum } from '../product-form-values';

interface Props {
  control: Control<ProductFormValues, unknown, ProductInput>;
  minimums: ProductMinimum[];
  /** Copies row `from`'s value of the column into the rows `to` (the form's values; saved with the form). */
  copy: (from: number, to: number[], column: MinimumColumn) => void;
}

// The handle's name must not contain the input's label, or a label lookup would find both.
const COLUMNS: Array<{ column: MinimumColumn; label: string; handle: string }> = [
  { column: 'minimum_for_depo', label: 'Minimum for Depo', handle: 'depo minimum' },
  { column: 'minimum_for_cars', label: 'Minimum for Car', handle: 'car minimum' },
];

/**
 * One row per depo; a row's inputs are enabled only where the server says the caller may edit it, and a depo the
 * caller does not work in says its minimums are not visible (the database does not tell them). An amount is
 * copied to other rows by a double click (into every editable row below) or by dragging its handle onto a row;
 * the database's RLS still decides what a save may write.
 */
export function ProductMinimumsTab({ control, minimums, copy }: Props) {
  // What is being dragged: a row and column of this table (another page's drag carries nothing here).
  const dragged = useRef<{ from: number; column: MinimumColumn } | undefined>(undefined);
  const accepts = (index: number, column: MinimumColumn) =>
    dragged.current !== undefined &&
    dragged.current.column === column &&
    canDropOn(minimums, dragged.current.from, index);
  const dragOver = (event: DragEvent, index: number, column: MinimumColumn) => {
    if (accepts(index, column)) event.preventDefault();
  };
  const drop = (event: DragEvent, index: number, column: MinimumColumn) => {
    if (!dragged.current || !accepts(index, column)) return;
    event.preventDefault();
    copy(dragged.current.from, [index], column);
  };

  return (
    <table className="product-tab-table" aria-label="Minimum required balances">
      <thead>
        <tr>
          <th>#</th>
          <th>Depo</th>
          <th>Minimum for Depo</th>
          <th>Minimum for Car</th>
        </tr>
      </thead>
      <tbody>
        {minimums.map((minimum, index) => (
          <tr key={minimum.depo_id}>
            <td>{minimum.id ?? ''}</td>
            <td>{minimum.depo_name}</td>
            {COLUMNS.map(({ column, label, handle }) =>
              minimum.visible ? (
                <td
                  key={column}
                  className="minimum-cell"
                  onDoubleClick={() => minimum.editable && copy(index, editableRowsBelow(minimums, index), column)}
                  onDragOver={(event) => dragOver(event, index, column)}
                  onDrop={(event) => drop(event, index, column)}
                >
                  <FormTextField
                    control={control}
                    name={`minimums.${index}.${column}`}
                    label={`${label} ${minimum.depo_name}`}
                    type="number"
                    inputMode="numeric"
                    disabled={!minimum.editable}
                  />
                  {minimum.editable && (
                    <span
                      className="minimum-cell__handle"
                      draggable
                      role="img"
                      aria-label={`Drag to copy the ${handle} of ${minimum.depo_name}`}
                      title="Drag onto another row to copy; double-click the amount to copy it to the rows below"
                      onDragStart={(event) => {
                        dragged.current = { from: index, column };
                        event.dataTransfer.effectAllowed = 'copy';
                        event.dataTransfer.setData('text/plain', '');
                      }}
                      onDragEnd={() => {
                        dragged.current = undefined;
                      }}
                    />
                  )}
                </td>
              ) : (
                // The caller does not work in this depo: the database keeps its minimums from him (not 0).
                <td key={column} className="minimum-cell minimum-cell--hidden">
                  <span
                    aria-label={`${label} ${minimum.depo_name}: not visible`}
                    title={`Only admins and the staff of ${minimum.depo_name} see its minimums`}
                  >
                    not visible
                  </span>
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

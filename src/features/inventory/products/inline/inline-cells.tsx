import { createContext, useContext, type KeyboardEvent, type ReactNode } from 'react';
import type { ProductListRow } from '../api/get-products';
import { INLINE_MINIMUM_FIELDS, INLINE_PRODUCT_FIELDS, inlineEditable, type InlineField } from './inline-values';
import type { InlineProductEdit } from './use-inline-product-edit';
import { CancelIcon, EditIcon, SaveIcon } from '@/shared/ui/icons';

/**
 * The inline edit reaches the grid's cells through context, so the columns stay the same objects while a row is
 * edited: a cell keeps its input (and the focus) as the user types.
 */
export const InlineEditContext = createContext<{ edit: InlineProductEdit; depoId: number } | undefined>(undefined);

const useInline = () => {
  const value = useContext(InlineEditContext);
  if (!value) throw new Error('InlineEditContext missing');
  return value;
};

interface CellProps {
  data?: ProductListRow;
  field: InlineField;
  label: string;
  /** The cell as the list shows it when the row is not being edited. */
  children: ReactNode;
}

/** A list cell that turns into an input while its row is edited; disabled where the server says it is not editable. */
export function InlineCell({ data, field, label, children }: CellProps) {
  const { edit, depoId } = useInline();
  const row = data ? edit.rows.get(data.id) : undefined;
  if (!data || !row) return <>{children}</>;
  const error = row.errors[field];
  // The row's first cell the caller may edit takes the focus when the pencil opens it.
  const first =
    [...INLINE_PRODUCT_FIELDS, ...INLINE_MINIMUM_FIELDS].find((f) => inlineEditable(row.form, depoId, f)) === field;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter saves the row, Escape drops what was typed; ag-grid must not act on them as well.
    if (event.key === 'Enter') void edit.save(data.id);
    else if (event.key === 'Escape') edit.cancel(data.id);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };
  return (
    <span className="inline-cell">
      <input
        className="inline-cell__input"
        aria-label={`${label} of ${data.sku}`}
        aria-invalid={error ? true : undefined}
        value={row.values[field]}
        // The user just asked to edit this row.
        autoFocus={first}
        disabled={row.saving || !inlineEditable(row.form, depoId, field)}
        onChange={(event) => edit.change(data.id, field, event.target.value)}
        onKeyDown={onKeyDown}
      />
      {error && (
        <span className="inline-cell__error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

/** The pencil toggling to a save icon (and a cancel while editing). */
export function InlineActions({ data, children }: { data?: ProductListRow; children: ReactNode }) {
  const { edit } = useInline();
  if (!data) return null;
  const row = edit.rows.get(data.id);
  return (
    <span className="inline-actions">
      {row ? (
        <>
          <button
            type="button"
            className="icon-button"
            aria-label={`Save ${data.sku}`}
            title="Save"
            disabled={row.saving}
            onClick={() => void edit.save(data.id)}
          >
            <SaveIcon />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={`Cancel editing ${data.sku}`}
            title="Cancel"
            onClick={() => edit.cancel(data.id)}
          >
            <CancelIcon />
          </button>
        </>
      ) : (
        <button
          type="button"
          className="icon-button"
          aria-label={`Edit ${data.sku} inline`}
          title="Edit inline"
          onClick={() => void edit.start(data.id)}
        >
          <EditIcon />
        </button>
      )}
      {children}
    </span>
  );
}

import { useNavigate } from '@tanstack/react-router';
import { useRef, useState, type KeyboardEvent } from 'react';
import { serverMessage } from '@/shared/errors/server-messages';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { type CountingLine, useCountingChanges } from '../api/counting-documents';
import './counting.css';

interface Props {
  slug: string;
  depoId: number;
  warehouseId: number;
  documentId: number;
  lines: CountingLine[];
}

/** Spec §5/§9: the Save document button stays disabled for 2 seconds after a click. */
const SAVE_LOCK_MS = 2000;

/** A typed value as the amount to save: blank is no count; anything else must be a number of at most 2 decimals. */
function parsedValue(text: string): number | null | 'invalid' {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^\d{1,10}(\.\d{1,2})?$/.test(trimmed) ? Number(trimmed) : 'invalid';
}

/** What a line never counted starts at: its old value, or empty when that is below zero. */
const startValue = (old: number) => (old < 0 ? '' : String(old));

/** Why a typed value cannot be saved (shown under its field), or null. */
function valueError(text: string): string | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '' || parsedValue(text) !== 'invalid') return null;
  const number = Number(trimmed);
  if (Number.isNaN(number)) return `New value ${serverMessage('not_a_number')}`;
  if (number < 0) return `New value ${serverMessage('greater_than_or_equal_to', { count: 0 })}`;
  return 'New value must be a number with at most 2 decimals';
}

/**
 * The counting grid (spec §2.1): Old value read-only, New value typed row after row (Enter or the arrow keys move
 * to the next or previous row); a line never counted starts at its old value. Save document saves and opens the view.
 */
export function CountingDocumentEdit({ slug, depoId, warehouseId, documentId, lines }: Props) {
  const navigate = useNavigate();
  const { save } = useCountingChanges(slug, depoId);
  // A negative old value (a car that sold more than was loaded) is no count anyone can type, so it starts empty.
  const [values, setValues] = useState(
    () =>
      new Map(
        lines.map((line) => [line.id, line.new_value !== null ? String(line.new_value) : startValue(line.old_value)]),
      ),
  );
  const [locked, setLocked] = useState(false);
  const inputs = useRef(new Map<number, HTMLInputElement>());

  const move = (index: number, step: number) => {
    const next = lines[index + step];
    const input = next ? inputs.current.get(next.id) : undefined;
    input?.focus();
    input?.select();
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === 'ArrowDown') {
      event.preventDefault();
      move(index, 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(index, -1);
    }
  };
  const invalid = new Set(
    lines.filter((line) => parsedValue(values.get(line.id) ?? '') === 'invalid').map((line) => line.id),
  );

  const submit = () => {
    if (locked || invalid.size > 0) return;
    setLocked(true);
    setTimeout(() => setLocked(false), SAVE_LOCK_MS);
    const payload = lines.map((line) => ({
      id: line.id,
      new_value: parsedValue(values.get(line.id) ?? '') as number | null,
    }));
    save.mutate(
      { documentId, lines: payload },
      {
        onSuccess: () =>
          void navigate({
            to: '/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/manual_counting_documents/$documentId',
            params: { tenant: slug, depoId, warehouseId, documentId },
          }),
        onError: (failure) => flashRequestError(failure),
      },
    );
  };

  return (
    <form
      className="counting-doc"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="counting-doc__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={locked || save.isPending || invalid.size > 0}
          aria-describedby={invalid.size > 0 ? 'counting-doc-invalid' : undefined}
        >
          Save document
        </button>
        {invalid.size > 0 && (
          <p id="counting-doc-invalid" className="counting-doc__invalid" role="alert">
            {invalid.size === 1 ? '1 new value is' : `${invalid.size} new values are`} not valid: correct the marked
            {invalid.size === 1 ? ' field' : ' fields'} to save the document.
          </p>
        )}
      </div>
      <table className="counting-lines" aria-label="Counted products">
        <thead>
          <tr>
            <th>ID</th>
            <th>Sku</th>
            <th>Description</th>
            <th className="counting-lines__number">Old value</th>
            <th className="counting-lines__number">New value</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const text = values.get(line.id) ?? '';
            const parsed = parsedValue(text);
            const changed = typeof parsed === 'number' && parsed !== line.old_value;
            return (
              <tr key={line.id} className={changed ? 'counting-lines__row--changed' : undefined}>
                <td>{line.id}</td>
                <td>{line.sku}</td>
                <td>{line.description}</td>
                <td className="counting-lines__number">{line.old_value}</td>
                <td className="counting-lines__number">
                  <input
                    ref={(element) => {
                      if (element) inputs.current.set(line.id, element);
                      else inputs.current.delete(line.id);
                    }}
                    className="counting-lines__input"
                    inputMode="decimal"
                    aria-label={`New value ${line.sku}`}
                    aria-invalid={invalid.has(line.id) || undefined}
                    value={text}
                    onChange={(event) => setValues((old) => new Map(old).set(line.id, event.target.value))}
                    onFocus={(event) => event.target.select()}
                    onKeyDown={onKeyDown(index)}
                    aria-describedby={invalid.has(line.id) ? `counting-error-${line.id}` : undefined}
                  />
                  {invalid.has(line.id) && (
                    <span id={`counting-error-${line.id}`} className="counting-lines__error">
                      {valueError(text)}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </form>
  );
}

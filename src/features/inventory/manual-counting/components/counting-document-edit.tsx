import { useNavigate } from '@tanstack/react-router';
import { useRef, useState, type KeyboardEvent } from 'react';
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

/**
 * The counting grid (spec §2.1): Old value read-only, New value typed row after row (Enter or the arrow keys move
 * to the next or previous row); a line never counted starts at its old value. Save document saves and opens the view.
 */
export function CountingDocumentEdit({ slug, depoId, warehouseId, documentId, lines }: Props) {
  const navigate = useNavigate();
  const { save } = useCountingChanges(slug, depoId);
  const [values, setValues] = useState(() => new Map(lines.map((line) => [line.id, String(line.new_value ?? line.old_value)])));
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
  const invalid = new Set(lines.filter((line) => parsedValue(values.get(line.id) ?? '') === 'invalid').map((line) => line.id));

  const submit = () => {
    if (locked || invalid.size > 0) return;
    setLocked(true);
    setTimeout(() => setLocked(false), SAVE_LOCK_MS);
    const payload = lines.map((line) => ({ id: line.id, new_value: parsedValue(values.get(line.id) ?? '') as number | null }));
    save.mutate({ documentId, lines: payload }, {
      onSuccess: () => void navigate({
        to: '/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/manual_counting_documents/$documentId',
        params: { tenant: slug, depoId, warehouseId, documentId },
      }),
      onError: (failure) => flashRequestError(failure),
    });
  };

  return (
    <form className="counting-doc" onSubmit={(event) => { event.preventDefault(); submit(); }}>
      <div className="counting-doc__actions">
        <button type="submit" className="button button--primary" disabled={locked || save.isPending || invalid.size > 0}>Save document</button>
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
                    ref={(element) => { if (element) inputs.current.set(line.id, element); else inputs.current.delete(line.id); }}
                    className="counting-lines__input"
                    inputMode="decimal"
                    aria-label={`New value ${line.sku}`}
                    aria-invalid={invalid.has(line.id) || undefined}
                    value={text}
                    onChange={(event) => setValues((old) => new Map(old).set(line.id, event.target.value))}
                    onFocus={(event) => event.target.select()}
                    onKeyDown={onKeyDown(index)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </form>
  );
}

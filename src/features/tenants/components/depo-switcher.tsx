import { useId } from 'react';
import type { DepoSummary } from '../api/get-depos';

export interface DepoSwitcherProps {
  depos: readonly DepoSummary[];
  currentDepoId: number | null;
  onChange: (depoId: number) => void;
}

/** The depo the screens work in, among the member's own depos. */
export function DepoSwitcher({ depos, currentDepoId, onChange }: DepoSwitcherProps) {
  const id = useId();
  return (
    <div className="depo-switcher">
      <label className="depo-switcher__label" htmlFor={id}>
        Depo
      </label>
      <select
        id={id}
        className="depo-switcher__select"
        value={currentDepoId ?? ''}
        disabled={depos.length === 0}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {depos.map((depo) => (
          <option key={depo.id} value={depo.id}>
            {depo.title}
          </option>
        ))}
      </select>
    </div>
  );
}

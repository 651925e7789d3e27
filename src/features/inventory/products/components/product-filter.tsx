import { useState, type FormEvent } from 'react';
import { activeStatuses, type ActiveStatus } from '@/shared/vocabulary/staff-vocabulary';

export interface ProductFilterProps {
  /** The statuses the list shows now. */
  statuses: readonly ActiveStatus[];
  onFilter: (statuses: ActiveStatus[]) => void;
}

/** Status checkboxes applied with the Filter button. */
export function ProductFilter({ statuses, onFilter }: ProductFilterProps) {
  const [chosen, setChosen] = useState<ActiveStatus[]>([...statuses]);

  const toggle = (status: ActiveStatus, on: boolean) =>
    setChosen((previous) => (on ? [...previous, status] : previous.filter((item) => item !== status)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilter(activeStatuses.filter((status) => chosen.includes(status)));
  };

  return (
    <form className="admin-toolbar" onSubmit={submit} aria-label="Filter products">
      <fieldset className="radio-field">
        <legend className="visually-hidden">Status</legend>
        <span className="radio-field__options">
          {activeStatuses.map((status) => (
            <label key={status} className="check-field">
              <input type="checkbox" checked={chosen.includes(status)} onChange={(event) => toggle(status, event.target.checked)} />
              {status}
            </label>
          ))}
        </span>
      </fieldset>
      <button type="submit" className="button button--primary" disabled={chosen.length === 0}>
        Filter
      </button>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { carStatuses, type CarStatus } from '../car-statuses';

export interface CarStatusFilterProps {
  /** The statuses the list shows now. */
  statuses: readonly CarStatus[];
  onFilter: (statuses: CarStatus[]) => void;
}

/** Status checkboxes applied with the Filter button (the list does not reload on every tick). */
export function CarStatusFilter({ statuses, onFilter }: CarStatusFilterProps) {
  const [chosen, setChosen] = useState<CarStatus[]>([...statuses]);

  const toggle = (status: CarStatus, on: boolean) =>
    setChosen((previous) => (on ? [...previous, status] : previous.filter((item) => item !== status)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilter(carStatuses.filter((status) => chosen.includes(status)));
  };

  return (
    <form className="admin-toolbar" onSubmit={submit} aria-label="Filter cars">
      <fieldset className="radio-field">
        <legend className="visually-hidden">Status</legend>
        <span className="radio-field__options">
          {carStatuses.map((status) => (
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

import { useState, type FormEvent } from 'react';

export interface StatusFilterFormProps<Status extends string> {
  /** Every status the list knows, in the order the boxes show. */
  all: readonly Status[];
  /** The statuses the list shows now. */
  statuses: readonly Status[];
  /** The form's accessible name, e.g. 'Filter cars'. */
  label: string;
  onFilter: (statuses: Status[]) => void;
}

/**
 * Status checkboxes applied with the Filter button, so the list does not reload on every tick; at least one
 * stays chosen. Key it by the applied filter so back/forward shows the boxes again.
 */
export function StatusFilterForm<Status extends string>({
  all,
  statuses,
  label,
  onFilter,
}: StatusFilterFormProps<Status>) {
  const [chosen, setChosen] = useState<Status[]>([...statuses]);

  const toggle = (status: Status, on: boolean) =>
    setChosen((previous) => (on ? [...previous, status] : previous.filter((item) => item !== status)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilter(all.filter((status) => chosen.includes(status)));
  };

  return (
    <form className="admin-toolbar" onSubmit={submit} aria-label={label}>
      <fieldset className="radio-field">
        <legend className="visually-hidden">Status</legend>
        <span className="radio-field__options">
          {all.map((status) => (
            <label key={status} className="check-field">
              <input
                type="checkbox"
                checked={chosen.includes(status)}
                onChange={(event) => toggle(status, event.target.checked)}
              />
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

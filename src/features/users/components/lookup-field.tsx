import { useId, useState } from 'react';
import { useDebouncedValue } from '@/shared/hooks/use-debounced-value';

export interface LookupOption {
  value: string;
  label: string;
}

/** What the field reads of an options query. */
export interface LookupOptionsState {
  data: LookupOption[] | undefined;
  isFetching: boolean;
  isError: boolean;
}

export interface LookupFieldProps {
  label: string;
  /** The chosen option's label ('' when none). */
  chosenLabel: string;
  chosenValue: string;
  /** What the options depend on besides the text (the tenant's slug), passed to `useOptions`. */
  scope: string;
  /** A hook asking for options; called with '' while nothing is typed, which must not load anything. */
  useOptions: (scope: string, text: string) => LookupOptionsState;
  onChoose: (option: LookupOption | null) => void;
  error?: string;
}

/** A search-and-pick input: type, wait a moment, pick one of the options (or clear the choice). */
export function LookupField({ label, chosenLabel, chosenValue, scope, useOptions, onChoose, error }: LookupFieldProps) {
  const id = useId();
  const [text, setText] = useState('');
  const debounced = useDebouncedValue(text, 300);
  const options = useOptions(scope, debounced);
  const open = debounced.trim() !== '' && text.trim() !== '';

  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {chosenValue !== '' && (
        <p className="lookup__chosen">
          <span>
            {chosenLabel} ({chosenValue})
          </span>{' '}
          <button type="button" className="button" onClick={() => onChoose(null)} aria-label={`Clear ${label}`}>
            ×
          </button>
        </p>
      )}
      <input
        id={id}
        className="field__input"
        type="search"
        autoComplete="off"
        placeholder="Type to search"
        value={text}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {error && <span className="field__error">{error}</span>}
      <div aria-live="polite">
        {open && options.isFetching && <p className="muted">Searching…</p>}
        {open && options.isError && <p className="field__error">The search failed, please try again.</p>}
        {open && options.data?.length === 0 && !options.isFetching && <p className="muted">Nothing found</p>}
        {open && options.data && options.data.length > 0 && (
          <ul className="lookup__options" aria-label={`${label} options`}>
            {options.data.map((option) => (
              <li key={option.value}>
                <button
                  type="button"
                  className="lookup__option"
                  onClick={() => {
                    onChoose(option);
                    setText('');
                  }}
                >
                  {option.label}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

import { useId, useState } from 'react';
import { useDebouncedValue } from '@/shared/hooks/use-debounced-value';
import {
  ADDRESS_SEARCH_MIN_LENGTH,
  useAddressSearch,
  type AddressResult,
  type AddressSearchType,
} from '../api/search-addresses';

/** The address input's pause before it searches (admin-core §9). */
export const ADDRESS_DEBOUNCE_MS = 500;

export interface AddressSearchInputProps {
  tenantSlug: string;
  address: string;
  error?: string;
  /** Typing changes the address text only; choosing a result also sets the coordinates. */
  onAddressChange: (address: string) => void;
  onChoose: (result: AddressResult, type: AddressSearchType) => void;
}

/** The customer's address with a search (Global or Local) that suggests addresses while typing. */
export function AddressSearchInput({ tenantSlug, address, error, onAddressChange, onChoose }: AddressSearchInputProps) {
  const id = useId();
  const [type, setType] = useState<AddressSearchType>('global');
  // Only what the user types is searched, not the address the form was opened with.
  const [typed, setTyped] = useState('');
  const text = useDebouncedValue(typed, ADDRESS_DEBOUNCE_MS);
  const results = useAddressSearch(tenantSlug, type, text);
  const open = typed !== '' && text.trim().length >= ADDRESS_SEARCH_MIN_LENGTH;

  const choose = (result: AddressResult) => {
    onChoose(result, type);
    setTyped('');
  };

  return (
    <div className="field address-search">
      <fieldset className="address-search__types">
        <legend className="field__label">Search type</legend>
        {(['global', 'local'] as const).map((option) => (
          <label key={option} className="choice">
            <input
              type="radio"
              name={`${id}-type`}
              value={option}
              checked={type === option}
              onChange={() => setType(option)}
            />
            {option === 'global' ? 'Global' : 'Local'}
          </label>
        ))}
      </fieldset>
      <label className="field__label" htmlFor={`${id}-address`}>
        Address
      </label>
      <input
        id={`${id}-address`}
        className="field__input"
        type="text"
        autoComplete="off"
        value={address}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-controls={`${id}-results`}
        onChange={(event) => {
          onAddressChange(event.target.value);
          setTyped(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setTyped('');
        }}
      />
      {error && (
        <span id={`${id}-error`} className="field__error">
          {error}
        </span>
      )}
      <div id={`${id}-results`} aria-live="polite">
        {open && results.isFetching && <p className="muted">Searching…</p>}
        {open && results.isError && <p className="field__error">The address search failed, please try again.</p>}
        {open && results.data && results.data.length === 0 && !results.isFetching && (
          <p className="muted">No addresses found</p>
        )}
        {open && results.data && results.data.length > 0 && (
          <ul className="address-search__results" aria-label="Address results">
            {results.data.map((result) => (
              <li key={result.id}>
                <button type="button" className="address-search__result" onClick={() => choose(result)}>
                  {result.place_name}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

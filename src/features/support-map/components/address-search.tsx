import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useDebouncedValue } from '@/shared/hooks/use-debounced-value';
import { addressSearchQueryOptions, type AddressHit } from '../api/search-address';
import { geocodeErrorText, NO_RESULTS_FOUND } from '../geocode-error-text';

export interface AddressSearchProps {
  tenantSlug: string;
  /** The tenant's address provider, to name it when the search fails. */
  provider: string;
  onPick: (hit: AddressHit) => void;
}

const MIN_LENGTH = 3;
const DEBOUNCE_MS = 250;

/** Address search: from 3 characters, 250 ms after typing stops; arrows, Enter, Escape and a click outside. */
export function AddressSearch({ tenantSlug, provider, onPick }: AddressSearchProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const debounced = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const search = useQuery({ ...addressSearchQueryOptions(tenantSlug, debounced), enabled: debounced.length >= MIN_LENGTH });
  const hits = search.data ?? [];

  useEffect(() => {
    const closeOutside = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, []);

  const pick = (hit: AddressHit | undefined) => {
    if (!hit) return;
    setText(hit.place_name);
    setOpen(false);
    onPick(hit);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') return setOpen(false);
    if (event.key === 'Enter') {
      event.preventDefault();
      return pick(hits[active] ?? hits[0]);
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (hits.length === 0) return;
      setOpen(true);
      setActive((current) => (current + (event.key === 'ArrowDown' ? 1 : hits.length - 1)) % hits.length);
    }
  };

  const searched = debounced.length >= MIN_LENGTH && !search.isFetching;
  const message = search.isError ? geocodeErrorText(search.error, provider) : searched && hits.length === 0 ? NO_RESULTS_FOUND : null;
  const showList = open && debounced.length >= MIN_LENGTH && (hits.length > 0 || message);

  return (
    <div className="support-map__search" ref={rootRef}>
      <input
        type="search"
        aria-label="Search address"
        placeholder="Search address"
        role="combobox"
        aria-expanded={Boolean(showList)}
        aria-controls={listId}
        aria-activedescendant={showList && hits[active] ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        autoComplete="off"
      />
      {showList && (
        <ul className="support-map__hits" id={listId} role="listbox" aria-label="Addresses">
          {message ? (
            <li role="alert" className="support-map__hits-message">
              {message}
            </li>
          ) : (
            hits.map((hit, index) => (
              <li
                key={hit.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(hit)}
              >
                {hit.place_name}
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}

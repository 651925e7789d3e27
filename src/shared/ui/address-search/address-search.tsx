import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useDebouncedValue } from '@/shared/hooks/use-debounced-value';
import { ADDRESS_SEARCH_DEBOUNCE_MS, enterPick, isSearchable, nextHighlight } from './address-search-rules';
import './address-search.css';

export interface AddressResult {
  id: string;
  place_name: string;
  center: [number, number];
}

export interface AddressSearchProps {
  /** Searches the address provider; the box calls it 250 ms after typing stops, from 3 characters. */
  search: (query: string) => Promise<AddressResult[]>;
  /** A scope for the cache (the site or tenant), so two sites never share results. */
  cacheScope: string;
  onPick: (result: AddressResult) => void;
  label: string;
  /** The result list's accessible name; the input's label when not given. */
  listLabel?: string;
  placeholder: string;
  noResultsText: string;
  /** What a failed search says: fixed words, or words from the failure (the support map names the provider). */
  failedText: string | ((error: unknown) => string);
  initialValue?: string;
  /** An extra class on the box, for a screen's own placement. */
  className?: string;
  /** Pause after typing before searching; the spec's 250 ms unless a screen says otherwise (route points: 500 ms). */
  debounceMs?: number;
  /** Every change of the text, so a screen can keep typed text that was never picked. */
  onTextChange?: (text: string) => void;
}

/**
 * The address combobox of the customer pages and the support map: results after 3 characters and a 250 ms pause;
 * arrows cycle, Enter picks the highlighted (or first) result, Escape and a click outside close the list.
 */
export function AddressSearch(props: AddressSearchProps) {
  const {
    search,
    cacheScope,
    onPick,
    label,
    listLabel = label,
    placeholder,
    noResultsText,
    failedText,
    initialValue = '',
    className,
    debounceMs = ADDRESS_SEARCH_DEBOUNCE_MS,
    onTextChange,
  } = props;
  const [text, setText] = useState(initialValue);
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const listId = useId();
  const debounced = useDebouncedValue(text.trim(), debounceMs);
  const enabled = isSearchable(debounced);
  const results = useQuery({
    queryKey: ['address-search', cacheScope, debounced],
    queryFn: () => search(debounced),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const items = enabled ? (results.data ?? []) : [];

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const pick = (result: AddressResult) => {
    setText(result.place_name);
    setOpen(false);
    setHighlight(-1);
    onPick(result);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setHighlight((current) => nextHighlight(current, items.length, event.key as 'ArrowDown' | 'ArrowUp'));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const index = enterPick(highlight, items.length);
      if (index >= 0) pick(items[index]!);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setHighlight(-1);
    }
  };

  const showList = open && enabled && !results.isFetching && (results.isError || results.data !== undefined);
  return (
    <div className={className ? `address-search ${className}` : 'address-search'} ref={rootRef}>
      <label className="visually-hidden" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="address-search__input"
        type="search"
        role="combobox"
        autoComplete="off"
        enterKeyHint="search"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && highlight >= 0 ? `${listId}-${highlight}` : undefined}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onTextChange?.(event.target.value);
          setHighlight(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {showList ? (
        <ul className="address-search__list" id={listId} role="listbox" aria-label={listLabel}>
          {results.isError ? (
            <li className="address-search__empty" role="alert">
              {typeof failedText === 'function' ? failedText(results.error) : failedText}
            </li>
          ) : items.length === 0 ? (
            <li className="address-search__empty" role="alert">
              {noResultsText}
            </li>
          ) : (
            items.map((item, index) => (
              <li
                key={item.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === highlight}
                className={
                  index === highlight
                    ? 'address-search__option address-search__option--active'
                    : 'address-search__option'
                }
                onPointerDown={(event) => event.preventDefault()}
                onClick={() => pick(item)}
              >
                {item.place_name}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}

import { useId, useState, type KeyboardEvent } from 'react';
import { showFlash } from '../flash/flash-store';
import { SEARCH_TOO_SHORT_MESSAGE, searchAction } from './search-rule';
import './search-box.css';

export interface SearchBoxProps {
  /** Called with the trimmed phrase on Enter, and with '' when the box is cleared. */
  onSearch: (phrase: string) => void;
  /** The phrase the list was last searched with (e.g. from the URL). */
  initialValue?: string;
  label?: string;
  placeholder?: string;
  /** The specs' minimum-length rule; product search turns it off. */
  minLengthRule?: boolean;
}

/** The shared search box: Enter searches under the specs' length rule; the clear button resets. */
export function SearchBox({
  onSearch,
  initialValue = '',
  label = 'Search',
  placeholder = 'Search',
  minLengthRule = true,
}: SearchBoxProps) {
  const [phrase, setPhrase] = useState(initialValue);
  const inputId = useId();

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const action = searchAction(phrase, minLengthRule);
    if (action === 'search' || action === 'clear') onSearch(phrase.trim());
    else if (action === 'too-short') showFlash(SEARCH_TOO_SHORT_MESSAGE, 'alert');
  };

  const clear = () => {
    setPhrase('');
    onSearch('');
  };

  return (
    <div className="search-box" role="search">
      <label className="visually-hidden" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="search-box__input"
        type="search"
        enterKeyHint="search"
        value={phrase}
        placeholder={placeholder}
        onChange={(event) => setPhrase(event.target.value)}
        onKeyDown={handleKeyDown}
      />
      {phrase !== '' && (
        <button type="button" className="search-box__clear" aria-label="Clear search" onClick={clear}>
          ×
        </button>
      )}
    </div>
  );
}

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatDmy, isIsoDate, parseDmy, type IsoDate } from '../../dates/calendar-date';
import { serverMessage } from '../../errors/server-messages';

export interface DateFieldProps {
  label: string;
  /** ISO date, or '' for none. */
  value: IsoDate | '';
  onChange: (value: IsoDate) => void;
  /** Days before this one cannot be chosen in the picker (ISO date). */
  min?: IsoDate;
  required?: boolean;
}

/**
 * One date typed as DD-MM-YYYY (a phone gets its native picker from the calendar button).
 * The typed text is read when the field is left or Enter is pressed; an unreadable date is
 * marked invalid and the last good value is kept.
 */
export function DateField({ label, value, onChange, min, required }: DateFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const pickerRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value ? formatDmy(value) : '');
  const [invalid, setInvalid] = useState(false);
  // Bumped on every commit: the parent may keep its value (an end date forced back to the start),
  // and the field must then show that value again rather than what was typed.
  const [commits, setCommits] = useState(0);

  // A value changed from outside (the range forcing the end date) shows at once.
  useEffect(() => {
    setText(value ? formatDmy(value) : '');
    setInvalid(false);
  }, [value, commits]);

  const commit = () => {
    if (text.trim() === '' && !required) return;
    const parsed = parseDmy(text);
    if (!parsed || (min && parsed < min)) {
      setInvalid(true);
      return;
    }
    if (parsed !== value) onChange(parsed);
    setCommits((count) => count + 1);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
  };

  const openPicker = () => {
    const picker = pickerRef.current;
    if (!picker) return;
    try {
      picker.showPicker();
    } catch {
      picker.focus();
    }
  };

  return (
    <div className="date-field">
      <label className="date-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="date-field__control">
        <input
          id={id}
          className="date-field__input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="DD-MM-YYYY"
          value={text}
          required={required}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={handleKeyDown}
        />
        <button type="button" className="date-field__picker-button" aria-label={`Choose ${label.toLowerCase()}`} onClick={openPicker}>
          📅
        </button>
        {/* The native picker, kept out of the tab order: the text field is the keyboard way in. */}
        <input
          ref={pickerRef}
          className="date-field__native"
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          min={min}
          value={value && isIsoDate(value) ? value : ''}
          onChange={(event) => {
            if (!isIsoDate(event.target.value)) return;
            onChange(event.target.value);
            setCommits((count) => count + 1);
          }}
        />
      </div>
      {invalid && (
        <span id={errorId} className="date-field__error">
          {label} {serverMessage('invalid')}
        </span>
      )}
    </div>
  );
}

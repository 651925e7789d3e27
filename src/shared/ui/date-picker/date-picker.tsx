import { useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { formatDate, todayIso, type IsoDate, type TenantDateFormat } from '../../dates/calendar-date';
import { parseTenantDate } from '../../format/tenant-date';
import { CalendarPopup } from './calendar-popup';
import './date-picker.css';

export interface DatePickerProps {
  label: string;
  /** What the field shows: the text as typed, or a date written in `format`. */
  text: string;
  onTextChange: (text: string) => void;
  /** The field was left or Enter was pressed: the place to read the typed text. */
  onCommit?: (text: string) => void;
  onBlur?: () => void;
  /** The tenant's date format (admin-core §9 fixes DD-MM-YYYY for campaign dates). */
  format?: TenantDateFormat;
  /** The tenant's time zone, for the day the calendar opens on. */
  timeZone?: string;
  /** Days before this one cannot be picked in the calendar (ISO date). */
  min?: IsoDate;
  error?: string;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** The label is read out but not drawn: a table cell whose column header names the field. */
  hideLabel?: boolean;
}

/**
 * The one date input of the app: the date is typed in the tenant's format (DD-MM-YYYY), and a calendar button
 * opens a month to pick from by mouse or keyboard. No native date input: browsers show theirs in the
 * computer's locale (mm/dd/yyyy), never in the tenant's format.
 */
export function DatePicker({
  label,
  text,
  onTextChange,
  onCommit,
  onBlur,
  format = 'DD-MM-YYYY',
  timeZone,
  min,
  error,
  required,
  inputRef,
  hideLabel = false,
}: DatePickerProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const popupId = `${id}-calendar`;
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const textRef = useRef<HTMLInputElement | null>(null);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') onCommit?.(event.currentTarget.value);
    if (event.key === 'ArrowDown' && event.altKey) {
      event.preventDefault();
      setOpen(true);
    }
  };

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  const setRefs = (element: HTMLInputElement | null) => {
    textRef.current = element;
    if (typeof inputRef === 'function') inputRef(element);
    else if (inputRef) (inputRef as { current: HTMLInputElement | null }).current = element;
  };

  return (
    <div className="date-field">
      <label className={hideLabel ? 'visually-hidden' : 'date-field__label field__label'} htmlFor={id}>
        {label}
      </label>
      <div className="date-field__control">
        <input
          ref={setRefs}
          id={id}
          className="date-field__input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={format}
          value={text}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onTextChange(event.target.value)}
          onBlur={(event) => {
            onCommit?.(event.currentTarget.value);
            onBlur?.();
          }}
          onKeyDown={handleKeyDown}
        />
        <button
          ref={toggleRef}
          type="button"
          className="date-field__picker-button"
          aria-label={`Choose ${label.toLowerCase()}`}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? popupId : undefined}
          onClick={() => setOpen((was) => !was)}
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
            <path fill="currentColor" d="M4 0h1v2h6V0h1v2h3v14H1V2h3zm-2 5v10h12V5z" />
          </svg>
        </button>
        {open && (
          <div id={popupId} className="date-field__popup">
            <CalendarPopup
              label={label}
              selected={parseTenantDate(text, format)}
              today={todayIso(new Date(), timeZone)}
              min={min}
              onClose={close}
              onPick={(day) => {
                const picked = formatDate(day, format);
                onTextChange(picked);
                setOpen(false);
                textRef.current?.focus();
                onCommit?.(picked);
              }}
            />
          </div>
        )}
      </div>
      {error && (
        <span id={errorId} className="date-field__error field__error">
          {error}
        </span>
      )}
    </div>
  );
}

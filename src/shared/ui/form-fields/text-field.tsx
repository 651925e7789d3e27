import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { TimeOfDayInput } from './time-of-day-input';
import './form-fields.css';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The server's first message for the field, shown under the input. */
  error?: string;
  hint?: string;
  readOnly?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** `time` is the HH:mm text field (TimeOfDayInput), never the browser's locale-bound time input. */
  type?: 'text' | 'tel' | 'number' | 'email' | 'password' | 'time';
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
  /** A textarea for longer texts (SMS texts, descriptions). */
  multiline?: boolean;
  autoComplete?: string;
  onBlur?: () => void;
  /** The form library focuses the first invalid field through this. */
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
  name?: string;
}

/** React passes no `ref` prop to a function component: the time input takes it as `inputRef`. */
function withoutRef<T extends { ref?: unknown }>(props: T): Omit<T, 'ref'> {
  const { ref: _ref, ...rest } = props;
  return rest;
}

/** A labelled text input with its hint and the server's error under it. */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  readOnly,
  required,
  disabled,
  type = 'text',
  inputMode,
  placeholder,
  multiline,
  autoComplete,
  onBlur,
  inputRef,
  name,
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    className: 'field__input',
    value,
    readOnly,
    required,
    disabled,
    placeholder,
    autoComplete,
    onBlur,
    name,
    ref: inputRef,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={4} onChange={(event) => onChange(event.target.value)} />
      ) : type === 'time' ? (
        <TimeOfDayInput {...withoutRef(common)} onChange={onChange} inputRef={inputRef} />
      ) : (
        <input
          {...common}
          type={type}
          inputMode={inputMode}
          step={type === 'number' ? 'any' : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {hint && (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="field__error">
          {error}
        </span>
      )}
    </div>
  );
}

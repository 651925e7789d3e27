import { useId, type Ref } from 'react';
import './form-fields.css';

export interface SelectOption {
  value: string;
  label: string;
  /** Listed but not choosable (a car that already has a warehouse). */
  disabled?: boolean;
}

export interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  error?: string;
  /** Shown first with an empty value when nothing is chosen yet. */
  placeholder?: string;
  required?: boolean;
  /** A value that cannot change here; the hint says why. */
  disabled?: boolean;
  hint?: string;
  onBlur?: () => void;
  inputRef?: Ref<HTMLSelectElement>;
}

/** A labelled native select (keyboard and phone pickers for free) with the server's error under it. */
export function SelectField({
  label,
  value,
  options,
  onChange,
  error,
  placeholder,
  required,
  disabled,
  hint,
  onBlur,
  inputRef,
}: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        ref={inputRef}
        className="field__input"
        value={value}
        onBlur={onBlur}
        required={required}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
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

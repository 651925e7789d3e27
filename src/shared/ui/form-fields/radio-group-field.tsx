import { useId, type Ref } from 'react';
import './form-fields.css';

export interface RadioOption<Value extends string> {
  value: Value;
  label: string;
}

export interface RadioGroupFieldProps<Value extends string> {
  legend: string;
  /** None chosen yet: null. */
  value: Value | null;
  options: readonly RadioOption<Value>[];
  onChange: (value: Value) => void;
  error?: string;
  onBlur?: () => void;
  /** The first radio: where focus goes when the group is invalid. */
  inputRef?: Ref<HTMLInputElement>;
}

/** A fieldset of radios (status active/inactive...), arrow keys move between them. */
export function RadioGroupField<Value extends string>({
  legend,
  value,
  options,
  onChange,
  error,
  onBlur,
  inputRef,
}: RadioGroupFieldProps<Value>) {
  const name = useId();
  return (
    <fieldset className="field radio-field" aria-invalid={error ? true : undefined}>
      <legend className="field__label">{legend}</legend>
      <span className="radio-field__options">
        {options.map((option, index) => (
          <label key={option.value} className="check-field">
            <input
              ref={index === 0 ? inputRef : undefined}
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onBlur={onBlur}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </span>
      {error && <span className="field__error">{error}</span>}
    </fieldset>
  );
}

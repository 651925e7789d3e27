import { useId } from 'react';
import './form-fields.css';

export interface RadioOption<Value extends string> {
  value: Value;
  label: string;
}

export interface RadioGroupFieldProps<Value extends string> {
  legend: string;
  value: Value;
  options: readonly RadioOption<Value>[];
  onChange: (value: Value) => void;
  error?: string;
}

/** A fieldset of radios (status active/inactive...), arrow keys move between them. */
export function RadioGroupField<Value extends string>({ legend, value, options, onChange, error }: RadioGroupFieldProps<Value>) {
  const name = useId();
  return (
    <fieldset className="field radio-field" aria-invalid={error ? true : undefined}>
      <legend className="field__label">{legend}</legend>
      <span className="radio-field__options">
        {options.map((option) => (
          <label key={option.value} className="check-field">
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
            {option.label}
          </label>
        ))}
      </span>
      {error && <span className="field__error">{error}</span>}
    </fieldset>
  );
}

import { useId, useState } from 'react';
import { formatPhoneAsTyped } from '../phone';

/** The phone field of the customer pages: formatted as typed for the site's country, the calling code shown. */
export function PhoneInput({
  value,
  onChange,
  label,
  placeholder,
  countryCode,
  phonePrefix,
  problemText,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
  countryCode: string | null;
  phonePrefix: string | null;
  /** Why the number cannot be used, given whether the customer has left the field (shown under it). */
  problemText?: (leftField: boolean) => string | null;
}) {
  const id = useId();
  const problemId = useId();
  const [leftField, setLeftField] = useState(false);
  const problem = problemText?.(leftField) ?? null;
  return (
    <div className="public-field">
      <label htmlFor={id}>{label}</label>
      <div className="public-phone">
        {phonePrefix ? <span className="public-phone__prefix">{phonePrefix}</span> : null}
        <input
          id={id}
          className="public-phone__input"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={placeholder}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onBlur={() => setLeftField(true)}
          onChange={(event) => {
            const typed = event.target.value;
            // Deleting keeps what is left as it is; formatting a shrinking text would fight the backspace.
            onChange(typed.length < value.length ? typed : formatPhoneAsTyped(typed, countryCode));
          }}
        />
      </div>
      {/* The line is kept free for the message, so it appearing when the field is left does not move the next
          control away from the click that left it. */}
      {problemText ? (
        <div className="public-phone__problem">
          {problem ? (
            <p id={problemId} className="public-form__error" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

import { useId } from 'react';
import { formatPhoneAsTyped } from '../phone';

/** The phone field of the customer pages: formatted as typed for the site's country, the calling code shown. */
export function PhoneInput({
  value,
  onChange,
  label,
  placeholder,
  countryCode,
  phonePrefix,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
  countryCode: string | null;
  phonePrefix: string | null;
}) {
  const id = useId();
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
          onChange={(event) => {
            const typed = event.target.value;
            // Deleting keeps what is left as it is; formatting a shrinking text would fight the backspace.
            onChange(typed.length < value.length ? typed : formatPhoneAsTyped(typed, countryCode));
          }}
        />
      </div>
    </div>
  );
}

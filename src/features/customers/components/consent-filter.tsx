import type { Consent } from '../customer-list-search';

export interface ConsentFilterProps {
  value: Consent | null;
  onChange: (consent: Consent | null) => void;
}

/** SMS / Marketing consent radios with a RESET (only for tenants with the consent filter). */
export function ConsentFilter({ value, onChange }: ConsentFilterProps) {
  return (
    <fieldset>
      <legend className="visually-hidden">Consent</legend>
      <label className="choice">
        <input type="radio" name="consent" value="sms" checked={value === 'sms'} onChange={() => onChange('sms')} />
        SMS
      </label>
      <label className="choice">
        <input
          type="radio"
          name="consent"
          value="marketing"
          checked={value === 'marketing'}
          onChange={() => onChange('marketing')}
        />
        Marketing
      </label>
      <button type="button" className="button" onClick={() => onChange(null)} disabled={value === null}>
        RESET
      </button>
    </fieldset>
  );
}

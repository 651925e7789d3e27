import { useEffect, useState } from 'react';
import { formatDate, type IsoDate, type TenantDateFormat } from '../../dates/calendar-date';
import { serverMessage } from '../../errors/server-messages';
import { parseTenantDate } from '../../format/tenant-date';
import { DatePicker } from '../date-picker/date-picker';

export interface DateFieldProps {
  label: string;
  /** ISO date, or '' for none. */
  value: IsoDate | '';
  onChange: (value: IsoDate) => void;
  /** Days before this one cannot be chosen (ISO date). */
  min?: IsoDate;
  required?: boolean;
  format?: TenantDateFormat;
}

/**
 * A date outside a form (a list's date filter): the shared picker, whose typed text is read when the field is
 * left or Enter is pressed; an unreadable date is marked invalid and the last good value is kept.
 */
export function DateField({ label, value, onChange, min, required, format = 'DD-MM-YYYY' }: DateFieldProps) {
  const [text, setText] = useState(value ? formatDate(value, format) : '');
  const [invalid, setInvalid] = useState(false);
  // Bumped on every commit: the parent may keep its value (an end date forced back to the start),
  // and the field must then show that value again rather than what was typed.
  const [commits, setCommits] = useState(0);

  useEffect(() => {
    setText(value ? formatDate(value, format) : '');
    setInvalid(false);
  }, [value, commits, format]);

  const commit = (typed: string) => {
    if (typed.trim() === '' && !required) return;
    const parsed = parseTenantDate(typed, format);
    if (!parsed || (min && parsed < min)) {
      setInvalid(true);
      return;
    }
    if (parsed !== value) onChange(parsed);
    setCommits((count) => count + 1);
  };

  return (
    <DatePicker
      label={label}
      text={text}
      format={format}
      min={min}
      required={required}
      error={invalid ? `${label} ${serverMessage('invalid')}` : undefined}
      onTextChange={setText}
      onCommit={commit}
    />
  );
}

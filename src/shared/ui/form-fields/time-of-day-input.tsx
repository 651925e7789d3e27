import type { InputHTMLAttributes, Ref } from 'react';
import { parseTimeOfDay } from '@/shared/dates/time-of-day';

export type TimeOfDayInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'onChange' | 'inputMode' | 'maxLength'
> & {
  value: string;
  /** The text as typed; on leaving the field a readable time is written back as HH:mm (`930` -> `09:30`). */
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * The staff screens' time field: a text input that holds HH:mm on a 24-hour clock in every browser locale,
 * instead of the native time input (which follows the browser's locale and clips its text in narrow cells).
 */
export function TimeOfDayInput({ value, onChange, onBlur, inputRef, placeholder, ...rest }: TimeOfDayInputProps) {
  return (
    <input
      {...rest}
      ref={inputRef}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={8}
      placeholder={placeholder ?? 'HH:mm'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={(event) => {
        const time = parseTimeOfDay(value);
        if (time !== null && time !== value) onChange(time);
        onBlur?.(event);
      }}
    />
  );
}

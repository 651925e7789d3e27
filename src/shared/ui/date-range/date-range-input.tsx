import { clampRange, type DateRange, type IsoDate } from '../../dates/calendar-date';
import { DateField } from './date-field';
import './date-range.css';

export interface DateRangeInputProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  startLabel?: string;
  endLabel?: string;
}

/** Start and end dates as DD-MM-YYYY; an end before the start is moved to the start. */
export function DateRangeInput({
  value,
  onChange,
  startLabel = 'Start date',
  endLabel = 'End date',
}: DateRangeInputProps) {
  const change = (part: Partial<DateRange>) => onChange(clampRange({ ...value, ...part }));
  return (
    <fieldset className="date-range">
      <legend className="visually-hidden">
        {startLabel} and {endLabel.toLowerCase()}
      </legend>
      <DateField label={startLabel} value={value.start} onChange={(start: IsoDate) => change({ start })} required />
      <DateField label={endLabel} value={value.end} onChange={(end: IsoDate) => change({ end })} required />
    </fieldset>
  );
}

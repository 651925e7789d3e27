import { useState } from 'react';
import { DatePicker } from '@/shared/ui/date-picker/date-picker';
import type { DayFilter } from '../api/support-map-stops';

export interface DaySwitchProps {
  value: DayFilter;
  onChange: (filter: DayFilter) => void;
  /** Support staff pick any day in a calendar; the others switch between all stops and today. */
  withCalendar: boolean;
  timeZone: string;
}

/** DD-MM-YYYY (the picker's text) to YYYY-MM-DD; null while incomplete. */
const isoOf = (text: string) => {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text.trim());
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
};

export function DaySwitch({ value, onChange, withCalendar, timeZone }: DaySwitchProps) {
  const [dayText, setDayText] = useState('');
  const second = withCalendar ? 'calendar' : 'today';
  const selected = value.kind === 'all' ? 'all' : second;
  const [calendarOn, setCalendarOn] = useState(value.kind === 'day');

  const choose = (option: 'all' | 'today' | 'calendar') => {
    setCalendarOn(option === 'calendar');
    if (option === 'all') {
      setDayText('');
      onChange({ kind: 'all' });
    } else if (option === 'today') onChange({ kind: 'today' });
  };
  const commitDay = (text: string) => {
    setDayText(text);
    const day = isoOf(text);
    if (day) onChange({ kind: 'day', day });
  };

  return (
    <div className="support-map__days">
      <div role="radiogroup" aria-label="Stops shown" className="support-map__switch">
        {(['all', second] as const).map((option) => (
          <label
            key={option}
            className={selected === option || (option === 'calendar' && calendarOn) ? 'is-on' : undefined}
          >
            <input
              type="radio"
              name="support-map-days"
              checked={
                option === 'calendar' ? calendarOn || selected === 'calendar' : selected === option && !calendarOn
              }
              onChange={() => choose(option)}
            />
            {option === 'all' ? 'All stops' : option === 'today' ? 'Today' : 'Calendar'}
          </label>
        ))}
      </div>
      {withCalendar && calendarOn && (
        <DatePicker label="Day" text={dayText} onTextChange={setDayText} onCommit={commitDay} timeZone={timeZone} />
      )}
    </div>
  );
}

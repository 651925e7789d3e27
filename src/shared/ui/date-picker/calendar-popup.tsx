import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { addDays, startOfWeek, type IsoDate } from '../../dates/calendar-date';
import { NextIcon, PreviousIcon } from '@/shared/ui/icons';

export interface CalendarPopupProps {
  label: string;
  /** The day shown selected and focused first (ISO). */
  selected: IsoDate | null;
  /** The day focused when nothing is selected (today in the tenant's zone). */
  today: IsoDate;
  /** Days before this cannot be chosen. */
  min?: IsoDate;
  onPick: (day: IsoDate) => void;
  onClose: () => void;
}

const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const monthOf = (day: IsoDate) => day.slice(0, 7);

function addMonths(day: IsoDate, months: number): IsoDate {
  const [year, month, date] = day.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(Math.min(date, lastDay)).padStart(2, '0')}`;
}

/** Six Monday-first weeks covering the month of `day`. */
function monthGrid(day: IsoDate): IsoDate[] {
  const first = startOfWeek(`${monthOf(day)}-01`);
  return Array.from({ length: 42 }, (_, index) => addDays(first, index));
}

/**
 * A month of days to pick from, worked by keyboard as a grid (arrows move a day or a week, Page Up/Down a
 * month, Home/End the week's ends, Enter picks, Escape closes). Only one day is in the tab order.
 */
export function CalendarPopup({ label, selected, today, min, onPick, onClose }: CalendarPopupProps) {
  const [focused, setFocused] = useState<IsoDate>(selected ?? today);
  const gridRef = useRef<HTMLTableElement>(null);
  const days = monthGrid(focused);
  const [year, month] = focused.split('-').map(Number);

  useEffect(() => {
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  const move = (event: KeyboardEvent) => {
    const moves: Record<string, () => IsoDate> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => addMonths(focused, -1),
      PageDown: () => addMonths(focused, 1),
      Home: () => startOfWeek(focused),
      End: () => addDays(startOfWeek(focused), 6),
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    const next = moves[event.key];
    if (!next) return;
    event.preventDefault();
    setFocused(next());
  };

  return (
    <div className="calendar-popup" role="dialog" aria-label={`${label} calendar`} onKeyDown={move}>
      <div className="calendar-popup__header">
        <button
          type="button"
          className="calendar-popup__nav"
          aria-label="Previous month"
          onClick={() => setFocused(addMonths(focused, -1))}
        >
          <PreviousIcon />
        </button>
        <span className="calendar-popup__month" aria-live="polite">
          {MONTHS[month - 1]} {year}
        </span>
        <button
          type="button"
          className="calendar-popup__nav"
          aria-label="Next month"
          onClick={() => setFocused(addMonths(focused, 1))}
        >
          <NextIcon />
        </button>
      </div>
      <table ref={gridRef} className="calendar-popup__grid" role="grid" aria-label={`${MONTHS[month - 1]} ${year}`}>
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th key={weekday} scope="col">
                {weekday}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: 6 }, (_, week) => (
            <tr key={week}>
              {days.slice(week * 7, week * 7 + 7).map((day) => {
                const disabled = min !== undefined && day < min;
                return (
                  <td key={day} role="gridcell" aria-selected={day === selected}>
                    <button
                      type="button"
                      data-day={day}
                      className="calendar-popup__day"
                      data-outside={monthOf(day) !== monthOf(focused) || undefined}
                      data-today={day === today || undefined}
                      tabIndex={day === focused ? 0 : -1}
                      disabled={disabled}
                      aria-label={`${Number(day.slice(8))} ${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`}
                      onClick={() => onPick(day)}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

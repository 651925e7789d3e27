import type { CalendarPresence } from '../use-calendar-live';

/** Who else has the depo's calendar open, on which week, and the cell they are editing. */
export function CalendarPresenceList({ others }: { others: CalendarPresence[] }) {
  if (others.length === 0) return null;
  return (
    <ul className="calendar__presence" aria-label="Also viewing">
      {others.map((other) => (
        <li key={other.user_id}>
          {other.email} (week {other.week}
          {other.cell ? ', editing' : ''})
        </li>
      ))}
    </ul>
  );
}

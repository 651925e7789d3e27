import { Link } from '@tanstack/react-router';
import { formatSlashDmy } from '@/shared/dates/slash-date';
import { formatDmy, type IsoDate } from '@/shared/dates/calendar-date';
import type { CalendarWeek } from '../api/calendar-week';
import { rowCells } from '../calendar-rows';
import { EventCell, type CellMode } from './event-cell';
import { NewPlanEventForm } from './new-plan-event-form';

/** The cell being edited: `<car id>:<date>` and how. */
export interface EditingCell {
  key: string;
  mode: 'new' | Exclude<CellMode, 'show'>;
}

export const cellKey = (carId: number, date: IsoDate) => `${carId}:${date}`;

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const money = new Intl.NumberFormat('da-DK', { minimumFractionDigits: 0, maximumFractionDigits: 0 });

interface Props {
  slug: string;
  depoId: number;
  days: IsoDate[];
  week: CalendarWeek;
  canWrite: boolean;
  editing: EditingCell | null;
  onEdit: (editing: EditingCell | null) => void;
  /** Cells others are editing now (Presence), with who. */
  busyCells: ReadonlyMap<string, string>;
}

/** Active cars × Monday–Sunday; each day header with its AVG, AVG trip and Total. */
export function CalendarGrid({ slug, depoId, days, week, canWrite, editing, onEdit, busyCells }: Props) {
  return (
    <div className="calendar__scroll">
      <table className="calendar__table">
        <thead>
          <tr>
            <th scope="col">Car</th>
            {days.map((date, index) => {
              const figures = week.days.find((day) => day.date === date);
              return (
                <th scope="col" key={date} data-day={date}>
                  <span className="calendar__day">
                    {WEEKDAYS[index]} <span className="calendar__date">{formatDmy(date)}</span>
                  </span>
                  <span className="calendar__figures">
                    <span>AVG: {money.format(figures?.avg ?? 0)}</span>
                    <span>AVG trip: {money.format(figures?.avg_trip ?? 0)}</span>
                    <span>Total: {money.format(figures?.total ?? 0)}</span>
                  </span>
                  <Link
                    to="/$tenant/depo/$depoId/plan_events/all_customers"
                    params={{ tenant: slug, depoId }}
                    search={{ weekday: formatSlashDmy(date) }}
                  >
                    SMS customers
                  </Link>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {week.cars.map((car) => {
            const editable = canWrite && car.is_current_depo;
            const events = week.events.filter((event) => event.car_id === car.id);
            return (
              <tr key={car.id} data-car={car.internal_number}>
                <th scope="row">{car.internal_number}</th>
                {rowCells(days, events).map((cell) => {
                  const key = cellKey(car.id, cell.date);
                  const mine = editing?.key === key ? editing.mode : null;
                  const busy = busyCells.get(key);
                  return (
                    <td
                      key={key}
                      colSpan={cell.kind === 'event' ? cell.span : undefined}
                      data-cell={`${car.internal_number} ${cell.date}`}
                      className={busy ? 'calendar__cell calendar__cell--busy' : 'calendar__cell'}
                    >
                      {busy && <span className="calendar__busy">{busy} is editing</span>}
                      {cell.kind === 'event' ? (
                        <EventCell
                          slug={slug}
                          depoId={depoId}
                          event={cell.event}
                          mode={mine === 'edit' || mine === 'startAtEdit' ? mine : 'show'}
                          editable={editable}
                          onMode={(mode) => onEdit(mode === 'show' ? null : { key, mode })}
                        />
                      ) : mine === 'new' ? (
                        <NewPlanEventForm
                          slug={slug}
                          depoId={depoId}
                          carId={car.id}
                          date={cell.date}
                          onClose={() => onEdit(null)}
                        />
                      ) : (
                        editable && (
                          <button type="button" className="calendar__new" onClick={() => onEdit({ key, mode: 'new' })}>
                            CREATE NEW PLAN EVENT
                          </button>
                        )
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

import { useState } from 'react';
import type { StopProperties } from './map-features';

interface Props {
  /** The route's saved stops (a new point has no id to move customers to until it is saved). */
  stops: Array<Pick<StopProperties, 'number' | 'address'> & { id: number }>;
  disabled: boolean;
  busy: boolean;
  onUpdate: (routePointId: number) => void;
}

/** Update multiple customers: the selected customers move to the chosen stop of this route. */
export function UpdateCustomers({ stops, disabled, busy, onUpdate }: Props) {
  const [pointId, setPointId] = useState('');
  return (
    <div className="route-map__update">
      <label className="route-points__inline">
        Stop
        <select
          className="field__input"
          value={pointId}
          onChange={(event) => setPointId(event.target.value)}
          disabled={disabled}
        >
          <option value="">Choose a stop</option>
          {stops.map((stop) => (
            <option key={stop.id} value={stop.id}>
              {stop.number}. {stop.address}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button"
        disabled={disabled || busy || pointId === ''}
        aria-busy={busy || undefined}
        onClick={() => onUpdate(Number(pointId))}
      >
        Update customers
      </button>
    </div>
  );
}

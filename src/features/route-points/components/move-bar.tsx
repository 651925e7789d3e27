import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { depoRoutesQueryOptions } from '../api/point-details';
import { formatWaitTime, parseWaitTime, roundHours } from '../wait-time';

interface Props {
  slug: string;
  depoId: number;
  routeId: number;
  checkedCount: number;
  pointCount: number;
  dirty: boolean;
  moving: boolean;
  onMoveWithin: (position: number) => void;
  onMove: (targetRouteId: number, keepPoints: boolean) => void;
  onBulkWait: (hours: number) => void;
}

/** What can be done with the checked points: wait time in bulk, 'Move in this route' and 'Move' to another route. */
export function MoveBar({
  slug,
  depoId,
  routeId,
  checkedCount,
  pointCount,
  dirty,
  moving,
  onMoveWithin,
  onMove,
  onBulkWait,
}: Props) {
  const [position, setPosition] = useState('1');
  const [target, setTarget] = useState('');
  const [keepPoints, setKeepPoints] = useState(false);
  const [wait, setWait] = useState(formatWaitTime(2));
  const routes = useQuery(depoRoutesQueryOptions(slug, depoId));
  const place = Number(position);
  const waitHours = parseWaitTime(wait);
  return (
    <div className="route-points__move-bar" role="toolbar" aria-label="Checked points">
      <span>{checkedCount} selected</span>
      <label>
        Wait time{' '}
        <input
          className="field__input route-points__short"
          aria-label="Wait time for checked points"
          value={wait}
          onChange={(event) => setWait(event.target.value)}
        />
      </label>
      <button
        type="button"
        className="button"
        disabled={waitHours === null}
        onClick={() => waitHours !== null && onBulkWait(roundHours(waitHours))}
      >
        Set wait time
      </button>
      <label>
        To number{' '}
        <input
          className="field__input route-points__short"
          aria-label="Move to number"
          type="number"
          min={1}
          max={pointCount}
          value={position}
          onChange={(event) => setPosition(event.target.value)}
        />
      </label>
      <button
        type="button"
        className="button"
        disabled={!Number.isInteger(place) || place < 1}
        onClick={() => onMoveWithin(place)}
      >
        Move in this route
      </button>
      <label>
        Route{' '}
        <select
          className="field__input"
          aria-label="Move to route"
          value={target}
          onChange={(event) => setTarget(event.target.value)}
        >
          <option value="">Choose a route</option>
          {(routes.data ?? [])
            .filter((route) => route.id !== routeId)
            .map((route) => (
              <option key={route.id} value={route.id}>
                {route.name}
              </option>
            ))}
        </select>
      </label>
      <label>
        <input type="checkbox" checked={keepPoints} onChange={(event) => setKeepPoints(event.target.checked)} /> Keep
        points
      </label>
      <button
        type="button"
        className="button"
        disabled={target === '' || moving || dirty}
        title={dirty ? 'Save or cancel your changes first' : undefined}
        onClick={() => onMove(Number(target), keepPoints)}
      >
        Move
      </button>
    </div>
  );
}

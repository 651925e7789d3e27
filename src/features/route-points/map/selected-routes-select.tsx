import { useState } from 'react';
import type { SimilarRoute } from '../api/route-map';

interface Props {
  routes: SimilarRoute[];
  chosen: ReadonlySet<number>;
  onChange: (chosen: Set<number>) => void;
  disabled: boolean;
}

/** 'Selected Routes(n)': a multi-select of the routes sharing the selected customers; n counts the ticked ones. */
export function SelectedRoutesSelect({ routes, chosen, onChange, disabled }: Props) {
  const [open, setOpen] = useState(false);
  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return (
    <div className="route-map__select">
      <button type="button" className="button" aria-expanded={open} disabled={disabled} onClick={() => setOpen(!open)}>
        Selected Routes({chosen.size})
      </button>
      {open ? (
        <fieldset className="route-map__select-list">
          <legend>Routes sharing the selected customers</legend>
          {routes.length === 0 ? <p>No other route has these customers.</p> : null}
          {routes.map((route) => (
            <label key={route.id} className="route-points__inline">
              <input
                type="checkbox"
                checked={chosen.has(route.id)}
                onChange={(event) => toggle(route.id, event.target.checked)}
              />
              {route.name} ({route.depo_title}, {route.shared_customers}{' '}
              {route.shared_customers === 1 ? 'customer' : 'customers'})
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}

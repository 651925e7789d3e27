import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { alternativeRoutesQueryOptions } from '../api/point-details';

/** The point's other live routes (on demand) and its active customers (SMS subscribers). */
export function PointAlternatives({
  slug,
  pointId,
  activeCustomers,
}: {
  slug: string;
  pointId: number | undefined;
  activeCustomers: number;
}) {
  const [open, setOpen] = useState(false);
  const routes = useQuery({
    ...alternativeRoutesQueryOptions(slug, pointId ?? 0),
    enabled: open && pointId !== undefined,
  });
  return (
    <div className="point-alternatives">
      <span title="Active customers">{activeCustomers}</span>
      {pointId !== undefined ? (
        <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
          Alternative routes
        </button>
      ) : null}
      {open ? (
        <ul className="point-alternatives__list" aria-label="Alternative active routes">
          {routes.isPending ? <li>Loading…</li> : null}
          {routes.data?.length === 0 ? <li>No other route stops here</li> : null}
          {routes.data?.map((route) => (
            <li key={route.id}>{route.name}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

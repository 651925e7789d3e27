import { Link } from '@tanstack/react-router';
import { routeFilterLabels, routeFilters, type RouteFilter } from '../route-filters';
import './routes.css';

/** The list's filters as links (`/routes`, `/routes/filter/{filter}`), the current one marked. */
export function RouteFilterLinks({ slug, depoId, current }: { slug: string; depoId: number; current: RouteFilter }) {
  return (
    <nav aria-label="Route filters">
      <ul className="routes__filters">
        {routeFilters.map((filter) => (
          <li key={filter}>
            {filter === 'active' ? (
              <Link
                className="routes__filter"
                to="/$tenant/depo/$depoId/routes"
                params={{ tenant: slug, depoId }}
                aria-current={current === filter ? 'page' : undefined}
              >
                {routeFilterLabels[filter]}
              </Link>
            ) : (
              <Link
                className="routes__filter"
                to="/$tenant/depo/$depoId/routes/filter/$filter"
                params={{ tenant: slug, depoId, filter }}
                aria-current={current === filter ? 'page' : undefined}
              >
                {routeFilterLabels[filter]}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

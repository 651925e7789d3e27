import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { attentionCountsQueryOptions } from '../api/get-attention-counts';
import { attentionItems } from '../attention-items';
import type { AppRole, TenantFlags } from '@/shared/vocabulary/staff-vocabulary';
import '../home.css';

/** The home page's "needs attention today" in the current depo, for the member's role. */
export interface AttentionListProps {
  tenant: { id: string; slug: string; time_zone: string } & TenantFlags;
  role: AppRole;
  currentDepoId: number | null;
  /** May this member open that staff path? The route composes it from the app's route access registry. */
  mayOpen: (to: string) => boolean;
}

export function AttentionList({ tenant, role, currentDepoId, mayOpen }: AttentionListProps) {
  const counts = useQuery({
    ...attentionCountsQueryOptions(tenant, currentDepoId ?? 0),
    enabled: currentDepoId !== null,
  });
  if (currentDepoId === null) return null;
  const items = attentionItems.filter((item) => item.roles.includes(role));
  return (
    <section className="attention" aria-labelledby="attention-title">
      <h2 id="attention-title">Needs attention today</h2>
      {counts.isError && <p role="alert">The counts could not be loaded.</p>}
      <ul className="attention__list">
        {items.map((item) => {
          const count = counts.data?.[item.id];
          const body = (
            <>
              <span className="attention__count" aria-busy={count === undefined}>
                {count ?? '…'}
              </span>
              <span className="attention__label">{item.label}</span>
            </>
          );
          return (
            <li key={item.id} className="attention__item" data-testid={`attention-${item.id}`}>
              {/* A count links only where this member may go. */}
              {item.to && mayOpen(item.to) ? (
                <Link className="attention__link" to={item.to} params={{ tenant: tenant.slug, depoId: currentDepoId }}>
                  {body}
                </Link>
              ) : (
                <div className="attention__link">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

import { useRef, type KeyboardEvent } from 'react';
import type { B2bCustomerStatusSizes } from '../b2b-customer-row';
import { b2bCustomerTabs, type B2bCustomerTab } from '../b2b-customers-search';

export interface B2bCustomerTabListProps {
  current: B2bCustomerTab;
  sizes: B2bCustomerStatusSizes | undefined;
  loading: boolean;
  onSelect: (tab: B2bCustomerTab) => void;
}

/** The five tabs with their counts; arrow keys move between them, as in any tab list. */
export function B2bCustomerTabList({ current, sizes, loading, onSelect }: B2bCustomerTabListProps) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = b2bCustomerTabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    refs.current[target]?.focus();
    onSelect(b2bCustomerTabs[target].id);
  };
  return (
    <div className="b2b-customers__tabs" role="tablist" aria-label="B2B customer groups" aria-busy={loading}>
      {b2bCustomerTabs.map((tab, index) => {
        const selected = tab.id === current;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            className="b2b-customers__tab"
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label} <span className="b2b-customers__count">{sizes ? sizes[tab.count] : '…'}</span>
          </button>
        );
      })}
    </div>
  );
}

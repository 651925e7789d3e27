import { useRef, useState, type KeyboardEvent } from 'react';
import { WALLMOB_KINDS, type WallmobKind } from '../wallmob-kinds';
import { WallmobNumberList } from './wallmob-number-list';
import '../wallmob.css';

const LABELS: Record<WallmobKind, string> = { products: 'Products', customers: 'Customers' };

/** Products and Customers tabs (arrow keys move between them). */
export function WallmobTabs({ tenant }: { tenant: { slug: string; id: string } }) {
  const [active, setActive] = useState<WallmobKind>('products');
  const tabs = useRef<Record<WallmobKind, HTMLButtonElement | null>>({ products: null, customers: null });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = active === 'products' ? 'customers' : 'products';
    setActive(next);
    tabs.current[next]?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label="Wallmob lists" className="wallmob-tabs" onKeyDown={onKeyDown}>
        {WALLMOB_KINDS.map((kind) => (
          <button
            key={kind}
            ref={(element) => {
              tabs.current[kind] = element;
            }}
            type="button"
            role="tab"
            id={`wallmob-tab-${kind}`}
            aria-selected={active === kind}
            aria-controls={`wallmob-panel-${kind}`}
            tabIndex={active === kind ? 0 : -1}
            className={`wallmob-tabs__tab${active === kind ? ' wallmob-tabs__tab--active' : ''}`}
            onClick={() => setActive(kind)}
          >
            {LABELS[kind]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`wallmob-panel-${active}`} aria-labelledby={`wallmob-tab-${active}`}>
        <WallmobNumberList key={active} tenant={tenant} kind={active} />
      </div>
    </div>
  );
}

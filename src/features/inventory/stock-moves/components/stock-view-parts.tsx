import type { ReactNode } from 'react';
import type { Enums } from '@/shared/supabase/database.types';

interface WarehouseName {
  name: string;
  code: string;
  owner_type: Enums<'warehouse_owner_type'>;
}

/** "Car E1 (CW-1) · car", or a dash where the movement has no such side. */
export const warehouseText = (w: WarehouseName | null) => (w ? `${w.name} (${w.code}) · ${w.owner_type}` : '—');

/** The views' header: label and value pairs. */
export function ViewHeader({ items }: { items: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className="stock-view__header">
      {items.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value === '' || value === null ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function StatusCircle({ status }: { status: Enums<'stock_order_status'> }) {
  return (
    <span>
      <span className={`status-circle status-circle--${status}`} aria-hidden="true" />
      {status}
    </span>
  );
}

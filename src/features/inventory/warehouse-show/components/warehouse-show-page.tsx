import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { RecordPage } from '@/shared/ui/form-fields/record-page';
import { ManualCountingButton } from '../../manual-counting/components/manual-counting-button';
import { useWarehouse } from '../../warehouses/api/get-warehouse';
import type { WarehouseRow } from '../../warehouses/warehouse-form-values';
import '../../manual-counting/components/counting.css';

/** The spec's route filter values, one route each. */
export type WarehouseTab = 'products' | 'orders' | 'transfers' | 'manual_countings';

interface Props {
  slug: string;
  depoId: number;
  warehouseId: number;
  tab: WarehouseTab;
  /** The tenant's clock, for the counting day's default. */
  timeZone: string;
  children: (warehouse: WarehouseRow) => ReactNode;
}

/**
 * The warehouse show page (spec §2.1): title, the header actions (New Order and New Transfer open the stock order and
 * transfer screens for this warehouse; Manual counting makes a document), and the tabs, each a route of its own.
 */
export function WarehouseShowPage({ slug, depoId, warehouseId, tab, timeZone, children }: Props) {
  const warehouse = useWarehouse(slug, depoId, warehouseId);
  const params = { tenant: slug, depoId, warehouseId };
  const base = `/${slug}/inventory/depo/${depoId}/warehouses/${warehouseId}`;
  return (
    <RecordPage
      title={warehouse.data ? `${warehouse.data.name} (${warehouse.data.code})` : `Warehouse #${warehouseId}`}
      back={
        <Link to="/$tenant/inventory/depo/$depoId/warehouses" params={{ tenant: slug, depoId }}>
          Back to warehouses
        </Link>
      }
      record={{ what: 'the warehouse', query: warehouse }}
    >
      {warehouse.data && (
        <>
          <div className="counting-doc__actions">
            {/* The stock order and transfer forms are their own screens (plain links: routed by their feature). */}
            <a className="button" href={`${base}/stock_orders/new`}>
              New Order
            </a>
            <a className="button" href={`${base}/stock_transfers/new`}>
              New Transfer
            </a>
            <ManualCountingButton
              slug={slug}
              depoId={depoId}
              warehouseId={warehouseId}
              timeZone={timeZone}
              dateFormat="DD-MM-YYYY"
            />
          </div>
          <nav className="counting-tabs" aria-label="Warehouse tabs">
            <Link
              to="/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/products"
              params={params}
              aria-current={tab === 'products' ? 'page' : undefined}
            >
              Products
            </Link>
            <Link
              to="/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/orders"
              params={params}
              aria-current={tab === 'orders' ? 'page' : undefined}
            >
              Orders
            </Link>
            <Link
              to="/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/transfers"
              params={params}
              aria-current={tab === 'transfers' ? 'page' : undefined}
            >
              Transfers
            </Link>
            <Link
              to="/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/manual_countings"
              params={params}
              aria-current={tab === 'manual_countings' ? 'page' : undefined}
            >
              Manual Counting
            </Link>
          </nav>
          {children(warehouse.data)}
        </>
      )}
    </RecordPage>
  );
}

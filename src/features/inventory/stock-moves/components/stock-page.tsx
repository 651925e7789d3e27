import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { RecordPage, type RecordQuery } from '@/shared/ui/form-fields/record-page';

/** The order/transfer pages' frame: title, the way back to the warehouse, the record's load state. */
export function StockPage({
  title,
  slug,
  depoId,
  warehouseId,
  record,
  children,
}: {
  title: string;
  slug: string;
  depoId: number;
  warehouseId: number;
  record?: { what: string; query: RecordQuery };
  children: ReactNode;
}) {
  return (
    <RecordPage
      title={title}
      back={
        <Link
          className="stock-view__back"
          to="/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/products"
          params={{ tenant: slug, depoId, warehouseId }}
        >
          Back to warehouse
        </Link>
      }
      record={record}
    >
      {children}
    </RecordPage>
  );
}

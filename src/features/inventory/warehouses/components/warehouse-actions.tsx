import { Link } from '@tanstack/react-router';
import { confirm } from '@/shared/ui/confirm/confirm-store';
import type { WarehouseListRow } from '../api/get-warehouses';
import { useDeleteWarehouse } from '../api/save-warehouse';

export interface WarehouseActionsProps {
  slug: string;
  depoId: number;
  warehouse: WarehouseListRow;
  /** Edit and delete are an admin's or depo admin's (the database's rule); everyone views. */
  canChange: boolean;
}

/** A list row's edit and delete (the spec: a failed delete is only logged, the row stays). */
export function WarehouseActions({ slug, depoId, warehouse, canChange }: WarehouseActionsProps) {
  const remove = useDeleteWarehouse(slug, depoId);
  const destroy = async () => {
    if (
      !(await confirm({
        message: 'Are you sure you want destroy this Warehouse?',
        destructive: true,
      }))
    )
      return;
    remove.mutate(warehouse.id, {
      onError: (error) => console.error('warehouse not deleted', error),
    });
  };
  return (
    <span className="warehouse-actions">
      <Link
        to="/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/products"
        params={{ tenant: slug, depoId, warehouseId: warehouse.id }}
        aria-label={`View ${warehouse.code}`}
      >
        View
      </Link>{' '}
      {canChange && (
        <>
          <Link
            to="/$tenant/inventory/depo/$depoId/warehouses/$warehouseId/edit"
            params={{ tenant: slug, depoId, warehouseId: warehouse.id }}
            aria-label={`Edit ${warehouse.code}`}
          >
            Edit
          </Link>{' '}
          <button
            type="button"
            className="warehouse-actions__delete"
            aria-label={`Delete ${warehouse.code}`}
            disabled={remove.isPending}
            onClick={() => void destroy()}
          >
            Delete
          </button>
        </>
      )}
    </span>
  );
}

import { useQuery } from '@tanstack/react-query';
import { warehousesQueryOptions } from '../../warehouses/api/get-warehouses';
import { warehouseProductsQueryOptions } from '../../warehouses/api/warehouse-products';

/** The warehouses a document of the depo may move between. */
export const useDepoWarehouses = (slug: string, depoId: number) => useQuery(warehousesQueryOptions(slug, depoId));

/** The from-warehouse's balance of each product (null while there is no from-warehouse). */
export function useFromBalances(
  slug: string,
  depoId: number,
  warehouseId: number | null,
): ReadonlyMap<number, number> | null {
  const query = useQuery({
    ...warehouseProductsQueryOptions(slug, depoId, warehouseId ?? 0),
    enabled: warehouseId !== null,
  });
  if (warehouseId === null || !query.data) return null;
  return new Map(query.data.map((row) => [row.id, row.balance_amount]));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/query-keys';
import { allPages } from '@/shared/supabase/all-pages';
import { supabase } from '@/shared/supabase/client';
import { runQuery } from '@/shared/supabase/request-error';
import type { ActiveStatus } from '@/shared/vocabulary/staff-vocabulary';

/** The depo's products (its minimums on each row) with these statuses, searched in sku and description (all pages). */
export function getProducts(depoId: number, statuses: readonly ActiveStatus[], search: string) {
  return allPages((from, to) =>
    runQuery(
      supabase
        .rpc('inventory_products', { p_depo_id: depoId, p_statuses: [...statuses], p_search: search })
        .range(from, to),
    ),
  );
}

export type ProductListRow = Awaited<ReturnType<typeof getProducts>>[number];

/** Every products list of the depo, whatever its filter: what a save invalidates. */
export const productListsKey = (slug: string, depoId: number) =>
  queryKeys.tenant(slug).depo(depoId).resource('inventory-products').lists();

export const productsQueryOptions = (slug: string, depoId: number, statuses: readonly ActiveStatus[], search: string) =>
  queryOptions({
    queryKey: queryKeys.tenant(slug).depo(depoId).resource('inventory-products').list({ statuses, search }),
    queryFn: () => getProducts(depoId, statuses, search),
  });

export const useProducts = (slug: string, depoId: number, statuses: readonly ActiveStatus[], search: string) =>
  useQuery(productsQueryOptions(slug, depoId, statuses, search));

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { supabase } from '@/shared/supabase/client';
import type { Database, Tables } from '@/shared/supabase/database.types';
import { runQuery } from '@/shared/supabase/request-error';
import { pageRange } from '@/shared/ui/pagination/page-rules';
import { eodKeys } from './eod-list';

/** The EOD detail shows 100 rows a page (delivery-operations §9). */
export const EOD_DETAIL_PAGE_SIZE = 100;

export type EodHeader = Database['public']['Functions']['end_of_day_report_header']['Returns'][number];
export type EodLineItem = Pick<
  Tables<'eod_order_line_items'>,
  | 'id'
  | 'category_name'
  | 'product_name'
  | 'wallmob_sku'
  | 'quantity'
  | 'total_line_amount'
  | 'discount'
  | 'stock_transfer_id'
  | 'inventory_presence'
>;
export type EodOrder = Pick<
  Tables<'eod_orders'>,
  'id' | 'time' | 'wallmob_order_id' | 'total_revenue' | 'total_quantity' | 'total_discount'
> & {
  eod_order_line_items: EodLineItem[];
};

const LINE_COLUMNS =
  'id, category_name, product_name, wallmob_sku, quantity, total_line_amount, discount, stock_transfer_id, inventory_presence';

export const eodHeaderQueryOptions = (slug: string, depoId: number, reportId: number) =>
  queryOptions({
    queryKey: [...eodKeys(slug, depoId).detail(reportId), 'header'],
    queryFn: async (): Promise<EodHeader> =>
      runQuery(supabase.rpc('end_of_day_report_header', { p_report_id: reportId }).single()),
  });

/** A page of the report's orders, each with its line items (the Orders tab expands them). */
export const eodOrdersQueryOptions = (slug: string, depoId: number, reportId: number, page: number) =>
  queryOptions({
    queryKey: [...eodKeys(slug, depoId).detail(reportId), 'orders', page],
    queryFn: (): Promise<EodOrder[]> => {
      const { from, to } = pageRange(page, EOD_DETAIL_PAGE_SIZE);
      return runQuery(
        supabase
          .from('eod_orders')
          .select(
            `id, time, wallmob_order_id, total_revenue, total_quantity, total_discount, eod_order_line_items (${LINE_COLUMNS})`,
          )
          .eq('end_of_day_report_id', reportId)
          .order('time')
          .order('id')
          .range(from, to),
      );
    },
    placeholderData: keepPreviousData,
  });

/** A page of all the report's line items (the Order line items tab). */
export const eodLineItemsQueryOptions = (slug: string, depoId: number, reportId: number, page: number) =>
  queryOptions({
    queryKey: [...eodKeys(slug, depoId).detail(reportId), 'line_items', page],
    queryFn: (): Promise<EodLineItem[]> => {
      const { from, to } = pageRange(page, EOD_DETAIL_PAGE_SIZE);
      return runQuery(
        // The view carries the report's id as a column: an embed filter (eod_orders!inner) read every line of the tenant.
        supabase
          .from('eod_report_line_items')
          .select(LINE_COLUMNS)
          .eq('end_of_day_report_id', reportId)
          .order('id')
          .range(from, to),
      );
    },
    placeholderData: keepPreviousData,
  });

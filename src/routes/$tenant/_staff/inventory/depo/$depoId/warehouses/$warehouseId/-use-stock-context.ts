import { useCurrentMember } from '@/features/tenants/current-member';
import type { StockContext } from '@/features/inventory/stock-moves/stock-context';

/** The member's tenant as the order/transfer screens take it (features do not read the member themselves). */
export function useStockContext(): StockContext {
  const { tenant, depos } = useCurrentMember();
  return {
    dateFormat: tenant.date_format,
    timeZone: tenant.time_zone,
    writeOffWithoutTo: tenant.write_off_without_to_warehouse,
    depos,
  };
}

import type { Database } from '@/shared/supabase/database.types';
import { formatQuantity } from '@/shared/format/money';

type RemainingBalance = Database['public']['Functions']['remaining_product_warehouse_balances']['Returns'][number];

/** The warehouses holding the product, with their balance (negative ones red, as the warehouses list shows them). */
export function ProductBalancesTab({ balances, locale }: { balances: RemainingBalance[]; locale: string }) {
  return (
    <table className="product-tab-table" aria-label="Warehouse balances">
      <thead>
        <tr>
          <th>Warehouse type</th>
          <th>Warehouse name</th>
          <th>Balance amount</th>
        </tr>
      </thead>
      <tbody>
        {balances.map((balance) => (
          <tr key={balance.warehouse_id} className={balance.balance_amount < 0 ? 'row--negative' : undefined}>
            <td>{balance.warehouse_type}</td>
            <td>{balance.warehouse_name}</td>
            <td>{formatQuantity(balance.balance_amount, locale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import { formatMoney, formatQuantity } from '@/shared/format/money';
import { requestErrorText } from '@/shared/ui/flash/request-error-text';
import { useB2bOrderLineItems } from '../api/get-b2b-order-line-items';
import type { B2bOrder, B2bOrdersMember } from '../b2b-order-row';

/** ag-grid sizes full-width rows up front; longer orders scroll inside. */
export const LINE_ITEMS_HEIGHT = 220;

/** The expanded order: its line items. */
export function B2bOrderLineItems({ tenant, order }: { tenant: B2bOrdersMember['tenant']; order: B2bOrder }) {
  const items = useB2bOrderLineItems(tenant.slug, tenant.id, order.id);
  return (
    <div className="b2b-order-items" role="group" aria-label={`Line items of order ${order.id}`}>
      {items.isPending && <p role="status">Loading line items…</p>}
      {items.isError && (
        <p className="form__error" role="alert">
          {requestErrorText(items.error)}
        </p>
      )}
      {items.data && items.data.length === 0 && <p>No line items</p>}
      {items.data && items.data.length > 0 && (
        <table className="b2b-order-items__table">
          <thead>
            <tr>
              <th scope="col">Category name</th>
              <th scope="col">Product name</th>
              <th scope="col">Quantity</th>
              <th scope="col">Total line amount</th>
              <th scope="col">Discount</th>
            </tr>
          </thead>
          <tbody>
            {items.data.map((item) => (
              <tr key={item.id}>
                <td>{item.category_name ?? ''}</td>
                <td>{item.product_name}</td>
                <td>{formatQuantity(item.quantity, tenant.locale)}</td>
                <td>{formatMoney(item.total_line_amount, tenant)}</td>
                <td>{formatMoney(item.discount, tenant)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

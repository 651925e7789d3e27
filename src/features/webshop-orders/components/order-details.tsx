import { useOrdersMember } from '../orders-member';
import { formatMoney } from '@/shared/format/money';
import { formatTenantDate, formatTenantDateTime } from '@/shared/format/tenant-date';
import { useOrderLineItems } from '../api/get-order-details';
import type { WebshopOrder } from '../api/get-webshop-orders';
import { statusButtons, type OrderStatus } from '../order-kinds';

export const ORDER_DETAILS_HEIGHT = 360;

export type OrderDialogName = 'route' | 'depo' | 'changelog';

interface Props {
  slug: string;
  depoId: number;
  order: WebshopOrder;
  busy: boolean;
  onStatus: (status: OrderStatus) => void;
  onOpen: (dialog: OrderDialogName) => void;
}

/** The expanded order: its form fields, line items (unknown products highlighted), status buttons and modals. */
export function OrderDetails({ slug, depoId, order, busy, onStatus, onOpen }: Props) {
  const { tenant } = useOrdersMember();
  const items = useOrderLineItems(slug, depoId, order.id);
  const b2b = order.kind === 'b2b';
  const facts: Array<[string, string]> = b2b
    ? [
        ['External ID', order.external_id ?? ''],
        ['Delivery date', formatTenantDate(order.delivery_date, tenant.date_format)],
        ['Total', formatMoney(order.total, tenant)],
        ['Customer address', order.customer_address ?? ''],
        ['Comment for order', order.comment_for_order ?? ''],
        ['Delivery Surcharge', order.delivery_surcharge ? 'YES' : ''],
        ['Cash customer', order.cash_customer ? 'YES - IMPORTANT!' : ''],
      ]
    : [
        ['Eshop ID', order.eshop_id ?? ''],
        ['Delivery date', formatTenantDate(order.delivery_date, tenant.date_format)],
        ['Total', formatMoney(order.total, tenant)],
        ['Customer address', order.customer_address ?? ''],
        ['Payment type', order.payment_type ?? ''],
        ['Customer name', order.customer_name ?? ''],
        ['Fast delivery', order.fast_delivery ? 'YES' : 'NO'],
        ['Order origin', order.origin ?? ''],
      ];
  return (
    <div className="order-details" role="region" aria-label={`Order ${order.id}`}>
      <dl className="order-details__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={value.startsWith('YES') ? 'order-details__tag' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="order-details__buttons">
        {statusButtons(order.kind, tenant.uses_ice_cream_eod_layout)
          .filter((button) => button.status !== order.status)
          .map((button) => (
            <button
              key={button.status}
              type="button"
              className="button"
              disabled={busy}
              onClick={() => onStatus(button.status)}
            >
              {button.label}
            </button>
          ))}
        <button type="button" className="button" onClick={() => onOpen('route')}>
          Change route
        </button>
        <button type="button" className="button" onClick={() => onOpen('depo')}>
          Change depo
        </button>
        <button type="button" className="button" onClick={() => onOpen('changelog')}>
          Changelog
        </button>
      </div>
      <table className="order-details__items" aria-label={`Line items of order ${order.id}`}>
        <thead>
          <tr>
            <th>Product sku</th>
            <th>Product Description</th>
            <th>Quantity</th>
            <th>Price</th>
            <th>Created at</th>
          </tr>
        </thead>
        <tbody>
          {items.data?.map((item) => (
            <tr
              key={item.id}
              className={item.product_exists ? undefined : 'order-details__missing'}
              data-missing={item.product_exists ? undefined : 'true'}
              title={item.product_exists ? undefined : 'Current item is not present in inventory products list!'}
            >
              <td>{item.product_sku}</td>
              <td>{item.product_description}</td>
              <td>{item.quantity}</td>
              <td>{formatMoney(item.price, tenant)}</td>
              <td>{formatTenantDateTime(item.created_at, tenant.date_format, tenant.time_zone)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

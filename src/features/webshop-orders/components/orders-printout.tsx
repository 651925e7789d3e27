import { createPortal } from 'react-dom';
import { useQueries } from '@tanstack/react-query';
import { useOrdersMember } from '../orders-member';
import { formatMoney } from '@/shared/format/money';
import { formatTenantDate } from '@/shared/format/tenant-date';
import { orderLineItemsQueryOptions } from '../api/get-order-details';
import type { WebshopOrder } from '../api/get-webshop-orders';
import './orders-print.css';

interface Props {
  slug: string;
  depoId: number;
  orders: WebshopOrder[];
  onClose: () => void;
}

/** The printout of the checked orders, in Danish as the spec says: one page per order, only it on paper. */
export function OrdersPrintout({ slug, depoId, orders, onClose }: Props) {
  const { tenant } = useOrdersMember();
  const items = useQueries({ queries: orders.map((order) => orderLineItemsQueryOptions(slug, depoId, order.id)) });
  const ready = items.every((query) => query.isSuccess);
  return createPortal(
    <div className="orders-print-root" role="region" aria-label="Print orders" data-ready={ready}>
      <div className="orders-print-root__toolbar">
        <h2>Print orders</h2>
        <button type="button" className="button button--primary" disabled={!ready} onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
      {orders.map((order, index) => (
        <article key={order.id} className="orders-print-page" data-testid="printed-order">
          <h1>Ordre: {order.kind === 'b2b' ? order.external_id : order.eshop_id}</h1>
          <p>
            Levering: {formatTenantDate(order.delivery_date, tenant.date_format)}{' '}
            {order.delivery_time?.slice(0, 5) ?? ''}
          </p>
          <p>Rute navn: {order.route?.name ?? ''}</p>
          <p>
            Kunder: {order.kind === 'b2b' ? `${order.customer_number ?? ''} ` : ''}
            {order.customer_name ?? ''} {order.customer_phone ?? ''}
          </p>
          <p>Faktureringsadresse: {order.customer_address ?? ''}</p>
          <p>Betalingsmetode: {order.payment_type ?? ''}</p>
          <table>
            <thead>
              <tr>
                <th>Varenr.</th>
                <th>Beskrivelse</th>
                <th>Antal</th>
                <th>Pris</th>
              </tr>
            </thead>
            <tbody>
              {items[index]?.data?.map((item) => (
                <tr key={item.id}>
                  <td>{item.product_sku}</td>
                  <td>{item.product_description}</td>
                  <td>{item.quantity}</td>
                  <td>{formatMoney(item.price, tenant)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>I alt: {formatMoney(order.total, tenant)}</p>
          <p className="orders-print-page__signature">Underskrift: ______________________________</p>
        </article>
      ))}
    </div>,
    document.body,
  );
}

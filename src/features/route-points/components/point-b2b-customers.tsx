import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebouncedValue } from '@/shared/hooks/use-debounced-value';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import {
  addB2bCustomerToPoint,
  removeB2bCustomerFromPoint,
  searchB2bCustomers,
  type PointCustomersChange,
} from '../api/point-b2b-customers';
import type { B2bCustomerOnPoint } from '../api/route-points-data';

interface Props {
  pointId: number | undefined;
  customers: B2bCustomerOnPoint[];
  canEdit: boolean;
  onChange: (change: PointCustomersChange) => void;
}

const label = (customer: B2bCustomerOnPoint) =>
  customer.shop_id ? `${customer.shop_id} ${customer.name}` : customer.name;

/** The B2B customers of a point (shop id and name); adding and removing one is saved at once, as the spec's calls are. */
export function PointB2bCustomers({ pointId, customers, canEdit, onChange }: Props) {
  const [adding, setAdding] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const search = useDebouncedValue(text.trim(), 300);
  const found = useQuery({
    queryKey: ['route-points', 'b2b-search', search],
    queryFn: () => searchB2bCustomers(search),
    enabled: adding && search.length >= 2,
  });

  const run = async (work: () => Promise<PointCustomersChange>) => {
    if (busy) return;
    setBusy(true);
    try {
      onChange(await work());
    } catch (failure) {
      flashRequestError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="point-b2b">
      <ul className="point-b2b__list">
        {customers.map((customer) => (
          <li key={customer.id}>
            {label(customer)}
            {canEdit && pointId !== undefined ? (
              <button
                type="button"
                className="link-button"
                aria-label={`Remove ${label(customer)}`}
                disabled={busy}
                onClick={() => void run(() => removeB2bCustomerFromPoint(pointId, customer.id))}
              >
                ×
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {canEdit && pointId !== undefined ? (
        adding ? (
          <div className="point-b2b__add">
            <input
              aria-label="Search B2B customer"
              className="field__input"
              value={text}
              autoFocus
              onChange={(event) => setText(event.target.value)}
            />
            <ul className="point-b2b__found" role="listbox" aria-label="B2B customers found">
              {(found.data ?? []).map((customer) => (
                <li key={customer.id} role="option" aria-selected={false}>
                  <button
                    type="button"
                    className="link-button"
                    disabled={busy}
                    onClick={() =>
                      void run(() => addB2bCustomerToPoint(pointId, customer.id)).then(() => setAdding(false))
                    }
                  >
                    {label(customer)}
                  </button>
                </li>
              ))}
            </ul>
            <button type="button" className="link-button" onClick={() => setAdding(false)}>
              Close
            </button>
          </div>
        ) : (
          <button type="button" className="link-button" onClick={() => setAdding(true)}>
            Add B2B customer
          </button>
        )
      ) : null}
    </div>
  );
}

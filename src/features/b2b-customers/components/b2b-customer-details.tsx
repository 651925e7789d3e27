import { Link } from '@tanstack/react-router';
import { confirm } from '@/shared/ui/confirm/confirm-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { useDeleteB2bCustomer } from '../api/delete-b2b-customer';
import type { B2bCustomerRow } from '../b2b-customer-row';

export const DELETE_B2B_CUSTOMER_QUESTION = 'Are you sure you want to delete this customer?';

const details: { label: string; value: (customer: B2bCustomerRow) => string | number | null }[] = [
  { label: 'Account Number', value: (c) => c.customer_number },
  { label: 'Customer name 2', value: (c) => c.customer_name_2 },
  { label: 'Email', value: (c) => c.email },
  { label: 'Phone 2', value: (c) => c.phone_2 },
  { label: 'Sales consultant', value: (c) => c.sales_consultant },
  { label: 'Sales district name', value: (c) => c.sales_district_name },
  { label: 'Season', value: (c) => c.season },
  { label: 'Payment method', value: (c) => c.payment_method },
  { label: 'Payment term', value: (c) => c.payment_term },
  { label: 'Opening week', value: (c) => c.opening_week },
  { label: 'Shop open at', value: (c) => c.shop_open_at?.slice(0, 5) ?? null },
  { label: 'Shop close at', value: (c) => c.shop_close_at?.slice(0, 5) ?? null },
  { label: 'Notes about customer', value: (c) => c.notes_about_customer },
  { label: 'Notes to customer', value: (c) => c.notes_to_customer },
];

/** ag-grid sizes full-width rows up front: the details take one column on a phone, three on a desk. */
export function detailsHeight(): number {
  const narrow = typeof window !== 'undefined' && window.matchMedia('(max-width: 640px)').matches;
  return narrow ? 580 : 250;
}

export interface B2bCustomerDetailsProps {
  slug: string;
  tenantId: string;
  customer: B2bCustomerRow;
  canEdit: boolean;
}

/** The expanded row: the customer's other fields, and Edit and Delete where the tenant edits them. */
export function B2bCustomerDetails({ slug, tenantId, customer, canEdit }: B2bCustomerDetailsProps) {
  const remove = useDeleteB2bCustomer(slug, tenantId);
  const askAndDelete = async () => {
    if (!(await confirm({ message: DELETE_B2B_CUSTOMER_QUESTION, confirmLabel: 'Delete', destructive: true }))) return;
    remove.mutate(customer.id, {
      onError: (failure) => flashRequestError(failure, { action: 'delete', resource: 'B2B customers' }),
    });
  };
  return (
    <div className="b2b-customer-details" role="group" aria-label={`Details of ${customer.customer_name}`}>
      <dl className="b2b-customer-details__list">
        {details.map((item) => (
          <div key={item.label} className="b2b-customer-details__item">
            <dt>{item.label}</dt>
            <dd>{item.value(customer) ?? '—'}</dd>
          </div>
        ))}
      </dl>
      {canEdit && (
        <div className="b2b-customer-details__actions">
          <Link
            className="button"
            to="/$tenant/admin/b2b_customers/$id/edit"
            params={{ tenant: slug, id: customer.id }}
          >
            Edit
          </Link>
          <button
            type="button"
            className="button button--danger"
            disabled={remove.isPending}
            onClick={() => void askAndDelete()}
          >
            {remove.isPending ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      )}
    </div>
  );
}

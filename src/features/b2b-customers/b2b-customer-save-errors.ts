import { BASE_FIELD, toFormErrors, type FormErrors } from '@/shared/errors/form-errors';
import { serverMessage } from '@/shared/errors/server-messages';
import { b2bCustomerFields } from './b2b-customer-fields';

/** The account number's unique key per tenant (`unique (tenant_id, customer_number)`). */
const ACCOUNT_NUMBER_KEY = 'b2b_customers_tenant_id_customer_number_key';

const labels = new Map<string, string>(b2bCustomerFields.map((field) => [field.name, field.label]));

/**
 * A failed create or save in the form shape, its sentences worded with the form's labels
 * (`Account Number has already been taken`). The account number's unique key is recognised by
 * name too, for when the server leaves out the key's details.
 */
export function b2bCustomerSaveErrors(failure: unknown): FormErrors {
  const parsed = toFormErrors(failure);
  const text = failure instanceof Error ? failure.message : '';
  const errors = { ...parsed.errors };
  if (!errors.customer_number && text.includes(ACCOUNT_NUMBER_KEY)) {
    errors.customer_number = [serverMessage('taken')];
    delete errors[BASE_FIELD];
  }
  if (Object.keys(errors).length === 0) {
    const message = parsed.full_errors.join(', ') || text || 'Request failed';
    return { errors: { [BASE_FIELD]: [message] }, full_errors: [message] };
  }
  const full_errors = Object.entries(errors).flatMap(([field, messages]) =>
    messages.map((message) => (field === BASE_FIELD ? message : `${labels.get(field) ?? field} ${message}`)),
  );
  return { errors, full_errors };
}

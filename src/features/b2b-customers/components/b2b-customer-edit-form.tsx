import { useId, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { BASE_FIELD } from '@/shared/errors/form-errors';
import { b2bCustomerSaveErrors } from '../b2b-customer-save-errors';
import { showFlash } from '@/shared/ui/flash/flash-store';
import type { B2bCustomer } from '../api/get-b2b-customer';
import { useUpdateB2bCustomer } from '../api/update-b2b-customer';
import { b2bCustomerFields, b2bCustomerPayloadSchema, fieldErrorsOf, toFormValues, type B2bCustomerFormValues } from '../b2b-customer-fields';
import { B2B_CUSTOMER_SAVED } from './create-b2b-customer-dialog';

export interface B2bCustomerEditFormProps {
  slug: string;
  tenantId: string;
  customer: B2bCustomer;
}

/** The edit page's form: every editable field; a failed save keeps the typed values and shows why. */
export function B2bCustomerEditForm({ slug, tenantId, customer }: B2bCustomerEditFormProps) {
  const idPrefix = useId();
  const [values, setValues] = useState<B2bCustomerFormValues>(() => toFormValues(customer));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const update = useUpdateB2bCustomer(slug, tenantId, customer.id);

  const set = (name: keyof B2bCustomerFormValues, value: string) => setValues((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = b2bCustomerPayloadSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      setMessage(null);
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: () => {
        setErrors({});
        setMessage(null);
        showFlash(B2B_CUSTOMER_SAVED);
      },
      onError: (failure) => {
        const formErrors = b2bCustomerSaveErrors(failure);
        setErrors(formErrors.errors);
        setMessage(formErrors.errors[BASE_FIELD] ? null : formErrors.full_errors.join(', ') || null);
      },
    });
  };

  const errorOf = (name: string) => errors[name]?.join(', ');
  const baseError = errorOf(BASE_FIELD) ?? message;

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="B2B customer">
      {baseError && (
        <p className="form__error" role="alert">
          {baseError}
        </p>
      )}
      <div className="b2b-customer-form__grid">
        {b2bCustomerFields.map((field) => {
          const id = `${idPrefix}-${field.name}`;
          const error = errorOf(field.name);
          const common = {
            id,
            name: field.name,
            className: 'field__input',
            value: values[field.name],
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${id}-error` : undefined,
          } as const;
          return (
            <div key={field.name} className="field">
              <label className="field__label" htmlFor={id}>
                {field.label}
              </label>
              {field.kind === 'textarea' ? (
                <textarea {...common} rows={3} onChange={(event) => set(field.name, event.target.value)} />
              ) : (
                <input
                  {...common}
                  type={field.kind}
                  inputMode={field.kind === 'number' ? 'numeric' : undefined}
                  required={'required' in field ? field.required : undefined}
                  onChange={(event) => set(field.name, event.target.value)}
                />
              )}
              {error && (
                <span id={`${id}-error`} className="field__error">
                  {error}
                </span>
              )}
            </div>
          );
        })}
        <div className="field">
          <label className="field__label" htmlFor={`${idPrefix}-status`}>
            Status
          </label>
          <select
            id={`${idPrefix}-status`}
            name="status"
            className="field__input"
            value={values.status}
            onChange={(event) => set('status', event.target.value === 'inactive' ? 'inactive' : 'active')}
          >
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
        </div>
      </div>
      <div className="b2b-customer-form__actions">
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </button>
        <Link className="button" to="/$tenant/admin/b2b_customers" params={{ tenant: slug }}>
          Back to B2B Customers
        </Link>
      </div>
    </form>
  );
}

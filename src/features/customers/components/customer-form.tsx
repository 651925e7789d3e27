import { useState, type FormEvent } from 'react';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { emptyFormErrors, firstFieldError, fullMessage, toFormErrors, type FormErrors } from '@/shared/errors/form-errors';
import { LabeledInput } from '@/shared/ui/field/labeled-input';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import type { Customer } from '../api/get-customer';
import { useSaveCustomer } from '../api/save-customer';
import { customerToForm, emptyCustomerForm, type CustomerFormValues } from '../customer-form-values';
import { AddressSearchInput } from './address-search-input';
import '../customers.css';

export const CUSTOMER_SAVED_MESSAGE = 'Customer succesfully updated';
export const SMS_PERMISSION_HINT = 'Without SMS permission the system will delete this customer at night.';

type TextField = 'email' | 'first_name' | 'last_name' | 'username' | 'name' | 'phone' | 'route_number' | 'home_address';

const LABELS: Record<TextField, string> = {
  email: 'Email',
  first_name: 'First name',
  last_name: 'Last name',
  username: 'Username',
  name: 'Name',
  phone: 'Phone',
  route_number: 'Route number',
  home_address: 'Home address',
};

export interface CustomerFormProps {
  tenant: { id: string; slug: string; hides_customer_route_number: boolean };
  customer: Customer | null;
  onSaved: (customer: Customer) => void;
}

/** The retail customer form; a failed save keeps every value and shows the server's messages per field. */
export function CustomerForm({ tenant, customer, onSaved }: CustomerFormProps) {
  const [values, setValues] = useState<CustomerFormValues>(() => (customer ? customerToForm(customer) : emptyCustomerForm()));
  const [errors, setErrors] = useState<FormErrors>(emptyFormErrors);
  const save = useSaveCustomer(tenant);
  const hides = tenant.hides_customer_route_number;

  const set = <Key extends keyof CustomerFormValues>(key: Key, value: CustomerFormValues[Key]) =>
    setValues((previous) => ({ ...previous, [key]: value }));

  const errorOf = (...fields: string[]): string | undefined => {
    for (const field of fields) {
      const message = firstFieldError(errors, field);
      if (message) return fullMessage(field, message);
    }
    return undefined;
  };

  const lock = useSubmitLock();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!lock.acquire()) return;
    save.mutate(
      { customerId: customer?.id ?? null, values },
      {
        onSettled: lock.release,
        onSuccess: (saved) => {
          setErrors(emptyFormErrors());
          showFlash(CUSTOMER_SAVED_MESSAGE);
          onSaved(saved);
        },
        onError: (failure) => {
          setErrors(toFormErrors(failure));
          flashRequestError(failure);
        },
      },
    );
  };

  const textField = (field: TextField, type = 'text', extraErrorFields: string[] = []) => (
    <LabeledInput
      label={LABELS[field]}
      type={type}
      value={values[field]}
      onValueChange={(value) => set(field, value)}
      error={errorOf(field, ...extraErrorFields)}
    />
  );

  const baseErrors = errors.errors.base;

  return (
    <form className="form customer-form" onSubmit={submit} noValidate aria-label="Customer">
      {baseErrors && (
        <p className="form__error" role="alert">
          {baseErrors.join(', ')}
        </p>
      )}
      {textField('email', 'email')}
      {textField('first_name')}
      {textField('last_name')}
      {textField('username')}
      {textField('name')}
      {textField('phone', 'tel')}
      {!hides && textField('route_number')}
      <AddressSearchInput
        tenantSlug={tenant.slug}
        address={values.address}
        error={errorOf('location.address', 'address', 'location')}
        onAddressChange={(address) => setValues((previous) => ({ ...previous, address, lat: null, lng: null }))}
        onChoose={(result, type) =>
          setValues((previous) => ({ ...previous, address: result.place_name, lng: result.center[0], lat: result.center[1], address_type: type }))
        }
      />
      {values.lat !== null && values.lng !== null && (
        <p className="muted" data-testid="customer-coordinates">
          Coordinates: {values.lat.toFixed(5)}, {values.lng.toFixed(5)}
        </p>
      )}
      {!hides && textField('home_address', 'text', ['location.home_address'])}
      <fieldset className="field">
        <legend className="field__label">Gender</legend>
        {(['female', 'male'] as const).map((gender) => (
          <label key={gender} className="choice">
            <input type="radio" name="gender" value={gender} checked={values.gender === gender} onChange={() => set('gender', gender)} />
            {gender === 'female' ? 'Female' : 'Male'}
          </label>
        ))}
        {errorOf('gender') && <span className="field__error">{errorOf('gender')}</span>}
      </fieldset>
      <div className="field">
        <label className="choice">
          <input type="checkbox" checked={values.sms_permission} onChange={(event) => set('sms_permission', event.target.checked)} />
          SMS permission
        </label>
        {!values.sms_permission && (
          <span className="field__hint customer-form__warning" role="note">
            {SMS_PERMISSION_HINT}
          </span>
        )}
      </div>
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}

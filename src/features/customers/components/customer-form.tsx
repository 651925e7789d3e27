import { useWatch } from 'react-hook-form';
import { fullMessage } from '@/shared/errors/form-errors';
import { FormCheckboxField, FormRadioGroupField, FormTextField } from '@/shared/forms/form-fields';
import { useRecordForm } from '@/shared/forms/use-record-form';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { flashRequestError } from '@/shared/ui/flash/request-error-text';
import { SaveButton } from '@/shared/ui/form-fields/form-buttons';
import { FormShell } from '@/shared/ui/form-fields/form-shell';
import type { Customer } from '../api/get-customer';
import { useSaveCustomer } from '../api/save-customer';
import {
  customerInputSchema,
  customerToForm,
  emptyCustomerForm,
  type CustomerFormValues,
} from '../customer-form-values';
import { AddressSearchInput } from './address-search-input';
import '../customers.css';

export const CUSTOMER_SAVED_MESSAGE = 'Customer succesfully updated';
export const SMS_PERMISSION_HINT = 'Without SMS permission the system will delete this customer at night.';

type TextFieldName =
  'email' | 'first_name' | 'last_name' | 'username' | 'name' | 'phone' | 'route_number' | 'home_address';

const LABELS: Record<TextFieldName, string> = {
  email: 'Email',
  first_name: 'First name',
  last_name: 'Last name',
  username: 'Username',
  name: 'Name',
  phone: 'Phone',
  route_number: 'Route number',
  home_address: 'Home address',
};

/** The server names the address fields by their place in the location. */
const SERVER_FIELD_ALIASES = {
  'location.address': 'address',
  location: 'address',
  'location.home_address': 'home_address',
};

const genderOptions = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
] as const;

export interface CustomerFormProps {
  tenant: { id: string; slug: string; hides_customer_route_number: boolean };
  customer: Customer | null;
  onSaved: (customer: Customer, created: boolean) => void;
}

/** The retail customer form; a failed save keeps every value and shows the messages per field. */
export function CustomerForm({ tenant, customer, onSaved }: CustomerFormProps) {
  const save = useSaveCustomer(tenant);
  const hides = tenant.hides_customer_route_number;
  const { form, submit, saving, baseError } = useRecordForm<CustomerFormValues, CustomerFormValues, Customer>({
    row: customer ?? undefined,
    newValues: emptyCustomerForm,
    valuesFromRow: customerToForm,
    schema: customerInputSchema,
    save: (id, values) => save.mutateAsync({ customerId: id ?? null, values }),
    onSaved: (row, created) => {
      showFlash(CUSTOMER_SAVED_MESSAGE);
      onSaved(row, created);
    },
    onFailed: (failure) => flashRequestError(failure),
    aliases: SERVER_FIELD_ALIASES,
  });
  const { control } = form;
  const [address, lat, lng, smsPermission] = useWatch({ control, name: ['address', 'lat', 'lng', 'sms_permission'] });
  const addressError = form.formState.errors.address?.message;
  const textField = (name: TextFieldName, type: 'text' | 'email' | 'tel' = 'text') => (
    <FormTextField control={control} name={name} label={LABELS[name]} type={type} />
  );

  return (
    <FormShell
      label="Customer"
      className="customer-form"
      onSubmit={submit}
      baseError={baseError}
      fullMessages
      actions={<SaveButton saving={saving} />}
    >
      {textField('email', 'email')}
      {textField('first_name')}
      {textField('last_name')}
      {textField('username')}
      {textField('name')}
      {textField('phone', 'tel')}
      {!hides && textField('route_number')}
      <AddressSearchInput
        tenantSlug={tenant.slug}
        address={address}
        error={addressError ? fullMessage('address', addressError) : undefined}
        onAddressChange={(text) => {
          form.setValue('address', text, { shouldDirty: true });
          form.setValue('lat', null);
          form.setValue('lng', null);
        }}
        onChoose={(result, type) => {
          form.setValue('address', result.place_name, { shouldDirty: true });
          form.setValue('lng', result.center[0]);
          form.setValue('lat', result.center[1]);
          form.setValue('address_type', type);
        }}
      />
      {lat !== null && lng !== null && (
        <p className="muted" data-testid="customer-coordinates">
          Coordinates: {lat.toFixed(5)}, {lng.toFixed(5)}
        </p>
      )}
      {!hides && textField('home_address')}
      <FormRadioGroupField control={control} name="gender" legend="Gender" options={genderOptions} />
      <FormCheckboxField
        control={control}
        name="sms_permission"
        label="SMS permission"
        hint={smsPermission ? undefined : SMS_PERMISSION_HINT}
      />
    </FormShell>
  );
}

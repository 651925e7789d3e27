import { Link } from '@tanstack/react-router';
import { BASE_FIELD } from '@/shared/errors/form-errors';
import { FormSelectField, FormTextField } from '@/shared/forms/form-fields';
import { useZodForm } from '@/shared/forms/use-zod-form';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { SaveButton } from '@/shared/ui/form-fields/form-buttons';
import { FormShell } from '@/shared/ui/form-fields/form-shell';
import type { B2bCustomer } from '../api/get-b2b-customer';
import { useUpdateB2bCustomer } from '../api/update-b2b-customer';
import { b2bCustomerSaveErrors } from '../b2b-customer-save-errors';
import { b2bCustomerFields, b2bCustomerPayloadSchema, toFormValues } from '../b2b-customer-fields';
import { B2B_CUSTOMER_SAVED } from './create-b2b-customer-dialog';

export interface B2bCustomerEditFormProps {
  slug: string;
  tenantId: string;
  customer: B2bCustomer;
}

const statusOptions = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** The edit page's form: every editable field; a failed save keeps the typed values and shows why. */
export function B2bCustomerEditForm({ slug, tenantId, customer }: B2bCustomerEditFormProps) {
  const update = useUpdateB2bCustomer(slug, tenantId, customer.id);
  const { form, submit, saving, baseError } = useZodForm({
    schema: b2bCustomerPayloadSchema,
    defaultValues: toFormValues(customer),
    save: (payload) => update.mutateAsync(payload),
    onSaved: () => showFlash(B2B_CUSTOMER_SAVED),
    toErrors: b2bCustomerSaveErrors,
    // B2B pages show the error as a message (admin-core §8).
    onFailed: (_failure, errors) => {
      if (!errors.errors[BASE_FIELD] && errors.full_errors.length > 0)
        form.setError('root.server', { type: 'server', message: errors.full_errors.join(', ') });
    },
  });

  return (
    <FormShell
      label="B2B customer"
      className="form"
      onSubmit={submit}
      baseError={baseError}
      actions={
        <>
          <SaveButton saving={saving} />
          <Link className="button" to="/$tenant/admin/b2b_customers" params={{ tenant: slug }}>
            Back to B2B Customers
          </Link>
        </>
      }
    >
      <div className="b2b-customer-form__grid">
        {b2bCustomerFields.map((field) => (
          <FormTextField
            key={field.name}
            control={form.control}
            name={field.name}
            label={field.label}
            type={field.kind === 'textarea' ? undefined : field.kind}
            multiline={field.kind === 'textarea'}
            inputMode={field.kind === 'number' ? 'numeric' : undefined}
            required={'required' in field ? field.required : undefined}
          />
        ))}
        <FormSelectField control={form.control} name="status" label="Status" options={statusOptions} />
      </div>
    </FormShell>
  );
}

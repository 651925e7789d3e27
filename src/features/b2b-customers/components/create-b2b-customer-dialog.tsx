import { useEffect, useId, useRef } from 'react';
import { BASE_FIELD } from '@/shared/errors/form-errors';
import { FormTextField } from '@/shared/forms/form-fields';
import { useZodForm } from '@/shared/forms/use-zod-form';
import { SaveButton, SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import { FormShell } from '@/shared/ui/form-fields/form-shell';
import { b2bCustomerSaveErrors } from '../b2b-customer-save-errors';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { useCreateB2bCustomer } from '../api/create-b2b-customer';
import { newB2bCustomerSchema } from '../b2b-customer-fields';

export const B2B_CUSTOMER_SAVED = 'B2B Customer Saved';

export interface CreateB2bCustomerDialogProps {
  slug: string;
  tenantId: string;
  onClose: () => void;
}

/** The modal 'Create new B2B Customer' with Name and Account Number. A failed save keeps what was typed. */
export function CreateB2bCustomerDialog({ slug, tenantId, onClose }: CreateB2bCustomerDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const create = useCreateB2bCustomer(slug, tenantId);
  const { form, submit, saving, baseError } = useZodForm({
    schema: newB2bCustomerSchema,
    defaultValues: { customer_name: '', customer_number: '' },
    save: (input) => create.mutateAsync(input),
    onSaved: () => {
      showFlash(B2B_CUSTOMER_SAVED);
      onClose();
    },
    toErrors: b2bCustomerSaveErrors,
    // B2B pages show the error as a message (admin-core §8): the sentence above, the field's message under it.
    onFailed: (_failure, errors) => {
      if (!errors.errors[BASE_FIELD] && errors.full_errors.length > 0)
        form.setError('root.server', { type: 'server', message: errors.full_errors.join(', ') });
    },
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      previouslyFocused?.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog b2b-customer-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        Create new B2B Customer
      </h2>
      <FormShell
        label="Create new B2B Customer"
        className="form"
        onSubmit={submit}
        baseError={baseError}
        actions={
          <>
            <SaveButton saving={saving} />
            <SecondaryButton onClick={onClose}>Cancel</SecondaryButton>
          </>
        }
      >
        <FormTextField control={form.control} name="customer_name" label="Name" />
        <FormTextField control={form.control} name="customer_number" label="Account Number" />
      </FormShell>
    </dialog>
  );
}

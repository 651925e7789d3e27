import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { BASE_FIELD } from '@/shared/errors/form-errors';
import { b2bCustomerSaveErrors } from '../b2b-customer-save-errors';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { useCreateB2bCustomer } from '../api/create-b2b-customer';
import { fieldErrorsOf, newB2bCustomerSchema } from '../b2b-customer-fields';

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
  const nameId = useId();
  const numberId = useId();
  const [name, setName] = useState('');
  const [number, setNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const create = useCreateB2bCustomer(slug, tenantId);

  useEffect(() => {
    const dialog = dialogRef.current;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      previouslyFocused?.focus();
    };
  }, []);

  const lock = useSubmitLock();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = newB2bCustomerSchema.safeParse({ customer_name: name, customer_number: number });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      setMessage(null);
      return;
    }
    if (!lock.acquire()) return;
    create.mutate(parsed.data, {
      onSettled: lock.release,
      onSuccess: () => {
        showFlash(B2B_CUSTOMER_SAVED);
        onClose();
      },
      onError: (failure) => {
        const formErrors = b2bCustomerSaveErrors(failure);
        setErrors(formErrors.errors);
        setMessage(formErrors.errors[BASE_FIELD] ? null : formErrors.full_errors.join(', ') || null);
      },
    });
  };

  const errorOf = (field: string) => errors[field]?.join(', ');
  const field = (id: string, label: string, name: string, value: string, set: (value: string) => void) => (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        value={value}
        onChange={(event) => set(event.target.value)}
        aria-invalid={errorOf(name) ? true : undefined}
        aria-describedby={errorOf(name) ? `${id}-error` : undefined}
      />
      {errorOf(name) && (
        <span id={`${id}-error`} className="field__error">
          {errorOf(name)}
        </span>
      )}
    </div>
  );

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
      <form className="form" onSubmit={submit} noValidate>
        <h2 id={titleId} className="confirm-dialog__title">
          Create new B2B Customer
        </h2>
        {(errorOf(BASE_FIELD) ?? message) && (
          <p className="form__error" role="alert">
            {errorOf(BASE_FIELD) ?? message}
          </p>
        )}
        {field(nameId, 'Name', 'customer_name', name, setName)}
        {field(numberId, 'Account Number', 'customer_number', number, setNumber)}
        <div className="confirm-dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            {create.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </dialog>
  );
}

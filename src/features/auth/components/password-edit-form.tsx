import { useId, useState, type FormEvent } from 'react';
import { emptyFormErrors, firstFieldError, fullMessage, fullErrorsText, type FormErrors } from '@/shared/errors/form-errors';
import { useUpdatePassword } from '../api/update-password';
import { MINIMUM_PASSWORD_LENGTH, passwordErrorFromServer, validateNewPassword } from '../password-rules';

export interface PasswordEditFormProps {
  onChanged: () => void;
}

/** Devise's "Change your password" form: the new password twice. */
export function PasswordEditForm({ onChanged }: PasswordEditFormProps) {
  const updatePassword = useUpdatePassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FormErrors>(emptyFormErrors);
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateNewPassword({ password, password_confirmation: confirmation });
    setErrors(found);
    if (found.full_errors.length > 0) return;
    updatePassword.mutate(password, {
      onSuccess: onChanged,
      onError: (error) => setErrors(passwordErrorFromServer(error as { code?: string; message: string })),
    });
  };

  const passwordError = firstFieldError(errors, 'password');
  const confirmationError = firstFieldError(errors, 'password_confirmation');
  const baseError = errors.errors.base ? fullErrorsText({ errors: {}, full_errors: errors.errors.base }) : undefined;

  return (
    <form className="form" onSubmit={submit} noValidate>
      {baseError && (
        <p className="form__error" role="alert">
          {baseError}
        </p>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-password`}>
          New password
        </label>
        <span id={`${id}-password-hint`} className="field__hint">
          {MINIMUM_PASSWORD_LENGTH} characters minimum
        </span>
        <input
          id={`${id}-password`}
          className="field__input"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? `${id}-password-hint ${id}-password-error` : `${id}-password-hint`}
          onChange={(event) => setPassword(event.target.value)}
        />
        {passwordError && (
          <span id={`${id}-password-error`} className="field__error">
            {fullMessage('password', passwordError)}
          </span>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-confirmation`}>
          Confirm new password
        </label>
        <input
          id={`${id}-confirmation`}
          className="field__input"
          type="password"
          autoComplete="new-password"
          required
          value={confirmation}
          aria-invalid={confirmationError ? true : undefined}
          aria-describedby={confirmationError ? `${id}-confirmation-error` : undefined}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        {confirmationError && (
          <span id={`${id}-confirmation-error`} className="field__error">
            {fullMessage('password_confirmation', confirmationError)}
          </span>
        )}
      </div>
      <button type="submit" className="button button--primary button--block" disabled={updatePassword.isPending}>
        Change my password
      </button>
    </form>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { fullMessage } from '@/shared/errors/form-errors';
import { serverMessage } from '@/shared/errors/server-messages';
import { useRequestPasswordReset } from '../api/request-password-reset';

export interface PasswordRequestFormProps {
  /** Absolute URL of the edit-password page the e-mail's link should open. */
  redirectTo: string;
  onSent: () => void;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Devise's "Forgot your password?" form: one e-mail field. */
export function PasswordRequestForm({ redirectTo, onSent }: PasswordRequestFormProps) {
  const requestReset = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (trimmed === '') return setFieldError(serverMessage('blank'));
    if (!EMAIL.test(trimmed)) return setFieldError(serverMessage('invalid'));
    setFieldError(undefined);
    requestReset.mutate({ email: trimmed, redirectTo }, { onSuccess: onSent });
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      {requestReset.error && (
        <p className="form__error" role="alert">
          {requestReset.error.message}
        </p>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-email`}>
          Email
        </label>
        <input
          id={`${id}-email`}
          className="field__input"
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={email}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-email-error` : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        {fieldError && (
          <span id={`${id}-email-error`} className="field__error">
            {fullMessage('email', fieldError)}
          </span>
        )}
      </div>
      <button type="submit" className="button button--primary button--block" disabled={requestReset.isPending}>
        Send me reset password instructions
      </button>
    </form>
  );
}

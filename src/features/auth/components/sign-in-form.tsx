import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useSignIn } from '../api/sign-in';

export interface SignInFormProps {
  /** Links under the form (e.g. "Forgot your password?"), given by the page. */
  children?: ReactNode;
}

/**
 * E-mail and password only: staff accounts are created by admins, so there is no sign-up,
 * magic link or social provider. The page reacts to the new session, not to this form.
 */
export function SignInForm({ children }: SignInFormProps) {
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    signIn.mutate({ email, password }, { onError: () => setPassword('') });
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-describedby={signIn.error ? `${id}-error` : undefined}>
      {signIn.error && (
        <p id={`${id}-error`} className="form__error" role="alert">
          {signIn.error.message}
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
          name="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-password`}>
          Password
        </label>
        <input
          id={`${id}-password`}
          className="field__input"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary button--block" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </button>
      {children && <div className="form__links">{children}</div>}
    </form>
  );
}

import { Auth } from '@supabase/auth-ui-react';
import { ThemeSupa } from '@supabase/auth-ui-shared';
import { memo, useEffect, useId, useSyncExternalStore, type ReactNode } from 'react';
import { signInClient, signInErrorStore } from '../api/sign-in-client';

export interface SignInFormProps {
  /** Links under the form (e.g. "Forgot your password?"), given by the page. */
  children?: ReactNode;
}

/**
 * Supabase's Auth UI, e-mail and password only: staff accounts are created by admins, so there is no
 * sign-up, magic link or social provider, and its own links are replaced by the page's. Its inline message
 * is hidden in favour of one alert with the spec's text. The page reacts to the new session, not to this form.
 */
export function SignInForm({ children }: SignInFormProps) {
  const error = useSyncExternalStore(signInErrorStore.subscribe, signInErrorStore.get);
  const id = useId();
  useEffect(() => () => signInErrorStore.set(''), []);
  return (
    <div className="sign-in-form" aria-describedby={error ? `${id}-error` : undefined}>
      {error && (
        <p id={`${id}-error`} className="form__error" role="alert">
          {error}
        </p>
      )}
      <AuthUiSignIn />
      {children && <div className="form__links">{children}</div>}
    </div>
  );
}

const appearance = {
  theme: ThemeSupa,
  className: { message: 'sign-in-form__ui-message' },
  variables: { default: { colors: { brand: '#1f6feb', brandAccent: '#1a5fcc' } } },
};

const localization = {
  variables: {
    sign_in: {
      email_label: 'Email',
      password_label: 'Password',
      email_input_placeholder: '',
      password_input_placeholder: '',
      button_label: 'Sign in',
      loading_button_label: 'Signing in…',
    },
  },
};

/**
 * Auth UI re-creates its inner container on every render, which remounts the form and clears what was typed;
 * so it renders once, with constant props, and never again because of the page around it.
 */
const AuthUiSignIn = memo(function AuthUiSignIn() {
  return <Auth supabaseClient={signInClient} view="sign_in" providers={[]} showLinks={false} appearance={appearance} localization={localization} />;
});

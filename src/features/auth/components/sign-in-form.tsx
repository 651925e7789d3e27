import { Auth } from '@supabase/auth-ui-react';
import { ThemeSupa } from '@supabase/auth-ui-shared';
import { signInClient } from '../api/sign-in-client';

// Module constants: the Auth component re-themes itself whenever these objects change.
const appearance = { theme: ThemeSupa };
const localization = {
  variables: {
    sign_in: {
      email_label: 'Email',
      password_label: 'Password',
      email_input_placeholder: 'you@example.com',
      password_input_placeholder: '',
      button_label: 'Sign in',
      loading_button_label: 'Signing in…',
    },
  },
};

/**
 * E-mail and password only: staff accounts are created by admins, so there is no sign-up,
 * magic link or social provider. The parent reacts to the session, not to this form.
 */
export function SignInForm() {
  return (
    <Auth
      supabaseClient={signInClient}
      view="sign_in"
      providers={[]}
      showLinks={false}
      appearance={appearance}
      localization={localization}
    />
  );
}

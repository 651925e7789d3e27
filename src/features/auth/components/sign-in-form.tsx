import type { ReactNode } from 'react';
import { z } from 'zod';
import { toFormErrors, BASE_FIELD, type FormErrors } from '@/shared/errors/form-errors';
import { FormTextField } from '@/shared/forms/form-fields';
import { useZodForm } from '@/shared/forms/use-zod-form';
import { SaveButton } from '@/shared/ui/form-fields/form-buttons';
import { FormShell } from '@/shared/ui/form-fields/form-shell';
import { SignInRefused, signInWithPassword } from '../api/sign-in-with-password';

export interface SignInFormProps {
  /** Links under the form (e.g. "Forgot your password?"), given by the page. */
  children?: ReactNode;
}

// No field rules: Devise answers empty fields with its one sentence, which the sign-in call gives.
const signInSchema = z.object({ email: z.string(), password: z.string() });

/** A refusal is one sentence above the fields, never a field message. */
function signInErrors(failure: unknown): FormErrors {
  if (failure instanceof SignInRefused)
    return { errors: { [BASE_FIELD]: [failure.message] }, full_errors: [failure.message] };
  return toFormErrors(failure);
}

/**
 * E-mail and password only: staff accounts are created by admins, so there is no sign-up, magic link or
 * social provider. What was typed stays after a refusal; a double click signs in once.
 */
export function SignInForm({ children }: SignInFormProps) {
  const { form, submit, saving, baseError } = useZodForm({
    schema: signInSchema,
    defaultValues: { email: '', password: '' },
    save: ({ email, password }) => signInWithPassword(email, password),
    toErrors: signInErrors,
  });

  return (
    <div className="sign-in-form">
      <FormShell
        label="Sign in"
        className="form"
        onSubmit={submit}
        baseError={baseError}
        actions={
          <SaveButton saving={saving} block>
            {saving ? 'Signing in…' : 'Sign in'}
          </SaveButton>
        }
      >
        <FormTextField
          control={form.control}
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
        />
        <FormTextField
          control={form.control}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
      </FormShell>
      {children && <div className="form__links">{children}</div>}
    </div>
  );
}

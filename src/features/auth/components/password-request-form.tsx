import { z } from 'zod';
import { FormTextField } from '@/shared/forms/form-fields';
import { useZodForm } from '@/shared/forms/use-zod-form';
import { serverMessage } from '@/shared/errors/server-messages';
import { SaveButton } from '@/shared/ui/form-fields/form-buttons';
import { FormShell } from '@/shared/ui/form-fields/form-shell';
import { requestPasswordReset } from '../api/request-password-reset';

export interface PasswordRequestFormProps {
  /** Absolute URL of the edit-password page the e-mail's link should open. */
  redirectTo: string;
  onSent: () => void;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The address as Devise checks it before sending: present, then shaped like an e-mail address. */
const passwordRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, serverMessage('blank'))
    .refine((email) => EMAIL.test(email), serverMessage('invalid')),
});

/** Devise's "Forgot your password?" form: one e-mail field. */
export function PasswordRequestForm({ redirectTo, onSent }: PasswordRequestFormProps) {
  const { form, submit, saving, baseError } = useZodForm({
    schema: passwordRequestSchema,
    defaultValues: { email: '' },
    save: ({ email }) => requestPasswordReset({ email, redirectTo }),
    onSaved: onSent,
  });

  return (
    <FormShell
      label="Forgot your password?"
      className="form"
      onSubmit={submit}
      baseError={baseError}
      fullMessages
      actions={
        <SaveButton saving={saving} block>
          Send me reset password instructions
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
        required
      />
    </FormShell>
  );
}

import { z } from 'zod';
import { FormTextField } from '@/shared/forms/form-fields';
import { useZodForm } from '@/shared/forms/use-zod-form';
import { SaveButton } from '@/shared/ui/form-fields/form-buttons';
import { FormShell } from '@/shared/ui/form-fields/form-shell';
import { updatePassword } from '../api/update-password';
import { MINIMUM_PASSWORD_LENGTH, passwordErrorFromServer, validateNewPassword } from '../password-rules';

export interface PasswordEditFormProps {
  onChanged: () => void;
}

/** Devise's checks of a new password (`validateNewPassword`), placed under their fields. */
const newPasswordSchema = z
  .object({ password: z.string(), password_confirmation: z.string() })
  .superRefine((input, context) => {
    for (const [field, messages] of Object.entries(validateNewPassword(input).errors)) {
      for (const message of messages ?? []) context.addIssue({ code: 'custom', path: [field], message });
    }
  });

/** Devise's "Change your password" form: the new password twice. */
export function PasswordEditForm({ onChanged }: PasswordEditFormProps) {
  const { form, submit, saving, baseError } = useZodForm({
    schema: newPasswordSchema,
    defaultValues: { password: '', password_confirmation: '' },
    save: ({ password }) => updatePassword(password),
    onSaved: onChanged,
    toErrors: (failure) => passwordErrorFromServer(failure as { code?: string; message: string }),
  });

  return (
    <FormShell
      label="Change your password"
      className="form"
      onSubmit={submit}
      baseError={baseError}
      fullMessages
      actions={
        <SaveButton saving={saving} block>
          Change my password
        </SaveButton>
      }
    >
      <FormTextField
        control={form.control}
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`${MINIMUM_PASSWORD_LENGTH} characters minimum`}
        required
      />
      <FormTextField
        control={form.control}
        name="password_confirmation"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
      />
    </FormShell>
  );
}

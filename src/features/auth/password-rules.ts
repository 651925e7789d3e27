import { emptyFormErrors, fullMessage, type FormErrors } from '@/shared/errors/form-errors';
import { serverMessage } from '@/shared/errors/server-messages';

/** Supabase Auth's default minimum, which is also Devise's. */
export const MINIMUM_PASSWORD_LENGTH = 6;

export interface NewPasswordInput {
  password: string;
  password_confirmation: string;
}

function add(errors: FormErrors, field: string, message: string): void {
  (errors.errors[field] ??= []).push(message);
  errors.full_errors.push(fullMessage(field, message));
}

/** Devise's checks of a new password, with its texts; empty when the password may be saved. */
export function validateNewPassword(input: NewPasswordInput, minimum = MINIMUM_PASSWORD_LENGTH): FormErrors {
  const errors = emptyFormErrors();
  if (input.password === '') add(errors, 'password', serverMessage('blank'));
  else if (input.password.length < minimum) add(errors, 'password', serverMessage('too_short', { count: minimum }));
  if (input.password !== input.password_confirmation) {
    add(errors, 'password_confirmation', serverMessage('confirmation', { attribute: 'Password' }));
  }
  return errors;
}

/** The Auth server's refusal of a new password, in the form shape. */
export function passwordErrorFromServer(error: { code?: string; message: string }): FormErrors {
  const errors = emptyFormErrors();
  const tooShort = /at least (\d+) characters/.exec(error.message);
  if (error.code === 'weak_password' && tooShort)
    add(errors, 'password', serverMessage('too_short', { count: Number(tooShort[1]) }));
  else if (error.code === 'weak_password') add(errors, 'password', error.message);
  else {
    errors.errors.base = [error.message];
    errors.full_errors.push(error.message);
  }
  return errors;
}
